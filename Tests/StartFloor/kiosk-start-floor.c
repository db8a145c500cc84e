/* kiosk-start-floor: the part of a start that is the libraries' own, for `kiosk-bench start`.
 *
 * It does, in C and nothing more, what the libraries must do for the first frame of the reference
 * dashboard: fontconfig reads the system's configuration (on a thread, as the kiosk does, without
 * the templates FcInit() also reads), a 1280x800 buffer is made (an anonymous mapping in huge
 * pages, as the headless display's) and filled, and Pango lays out and draws the dashboard's 23
 * texts in their fonts, with the kiosk's font options. Then it sends READY=1 to NOTIFY_SOCKET, as
 * the kiosk does once its first frame is presented, and waits to be stopped.
 *
 * Started as the kiosk is started, its exec -> READY=1 and its resident memory then are what a
 * start of the dashboard costs before any of the kiosk's own work: the cards' shadows, the ring,
 * the slider, the gradient, the layout and the damage walk, the Swift runtime and the kiosk's code.
 * Linked with the C libraries the kiosk links at start (`make start-floor`), so the loader maps the
 * same ones; the Swift runtime and the kiosk's own code are what it leaves out. */
#define _GNU_SOURCE
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

enum { width = 1280, height = 800 };

struct text {
    const char *string;
    double size;
    PangoWeight weight;
};

/* The reference dashboard's texts (Sources/KioskRuntime/Dashboard/ReferenceDashboard.swift) and its
 * ring's percentage. */
static const struct text texts[] = {
    {"Plant overview", 28, 600},
    {"Production", 20, 600}, {"Temperature", 20, 600}, {"Orders in queue", 20, 600},
    {"Line status", 20, 600}, {"Display", 20, 600}, {"Next shift", 20, 600},
    {"42%", 20, 700},
    {"21.4 °C", 56, 700}, {"Hall B · setpoint 21.0 °C", 17, 400}, {"Humidity 46 %", 17, 400},
    {"12", 56, 700}, {"3 urgent · 9 standard", 17, 400}, {"Oldest waiting 14 min", 17, 400},
    {"Running", 40, 700}, {"Line 1 · 1,240 units/h", 17, 400}, {"Line 2 · 1,180 units/h", 17, 400},
    {"Line 3 · maintenance 14:00", 17, 400},
    {"Brightness 65%", 17, 400},
    {"06:00 – 14:00", 40, 700}, {"Team A · 18 operators", 17, 400}, {"Handover in 2 h 10 min", 17, 400},
    {"Updated 14:32 · all systems normal", 14, 400},
};

/* fontconfig's configuration, read as the kiosk reads it (FontConfiguration.swift). */
static void *load_font_configuration(void *unused) {
    (void)unused;
    FcConfig *config = FcConfigCreate();
    if (config && FcConfigParseAndLoad(config, NULL, FcTrue)) FcConfigSetCurrent(config);
    return NULL;
}

static unsigned char *map_buffer(size_t bytes) {
    size_t huge_page = 2 << 20, length = (bytes + huge_page - 1) / huge_page * huge_page;
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    madvise(base, length, MADV_HUGEPAGE);
    return base;
}

/* READY=1 on the socket NOTIFY_SOCKET names (a path, or "@" and an abstract name). */
static void notify_ready(void) {
    const char *name = getenv("NOTIFY_SOCKET");
    if (!name || (name[0] != '/' && name[0] != '@')) return;
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    size_t length = strlen(name);
    if (length >= sizeof address.sun_path) return;
    memcpy(address.sun_path, name, length);
    if (name[0] == '@') address.sun_path[0] = 0;
    socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + (name[0] == '@' ? 0 : 1));
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return;
    static const char message[] = "READY=1\nSTATUS=the libraries' part of the first frame, painted";
    sendto(fd, message, sizeof message - 1, MSG_NOSIGNAL, (struct sockaddr *)&address, size);
    close(fd);
}

int main(void) {
    pthread_t loader;
    int loading = pthread_create(&loader, NULL, load_font_configuration, NULL) == 0;

    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
    unsigned char *pixels = map_buffer((size_t)stride * height);
    if (!pixels) return 1;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_RGB24, width, height, stride);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.93, 0.95, 0.97);
    cairo_paint(cr);

    if (loading) pthread_join(loader, NULL);
    else load_font_configuration(NULL);
    PangoFontMap *font_map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(font_map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);

    cairo_set_source_rgb(cr, 0.06, 0.09, 0.16);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        PangoLayout *layout = pango_layout_new(context);
        PangoFontDescription *font = pango_font_description_new();
        pango_font_description_set_family(font, "DejaVu Sans");
        pango_font_description_set_weight(font, texts[i].weight);
        pango_font_description_set_absolute_size(font, texts[i].size * PANGO_SCALE);
        pango_layout_set_font_description(layout, font);
        pango_layout_set_text(layout, texts[i].string, -1);
        cairo_move_to(cr, 32 + (double)(i % 3) * 414, 20 + (double)(i / 3) * 96);
        pango_cairo_show_layout(cr, layout);
        pango_font_description_free(font);
        g_object_unref(layout);
    }
    cairo_surface_flush(surface);

    notify_ready();
    for (;;) pause();
}

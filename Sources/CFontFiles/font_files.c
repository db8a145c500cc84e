#include "font_files.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Each font file mapped once.
 *
 * Two libraries read every font the kiosk draws with: cairo opens it with FreeType to draw glyphs
 * (FT_New_Face), and Pango opens it with HarfBuzz to shape text (hb_blob_create_from_file). Each
 * maps the whole file on its own, so every page both read, with the pages the kernel maps around
 * it, is resident twice: 0.4 MiB for the two DejaVu faces of the built-in dashboard.
 *
 * The two functions below have the libraries' names and take the place of their definitions: the
 * kiosk exports them, and the dynamic linker binds cairo's, Pango's and fontconfig's calls to the
 * executable's definition first. They map a file once and hand both libraries the same bytes,
 * read-only, counted: the mapping goes when the last face or blob using it is done. Both are what
 * the libraries offer for fonts in memory (FT_Open_Face with a stream, hb_blob_create). */

struct font_file {
    dev_t device;
    ino_t inode;
    off_t size;
    const void *bytes;
    unsigned users;
    struct font_file *next;
};

/* FreeType's faces are opened on the thread that draws and, when fontconfig's cache is out of
 * date, on the thread that loads its configuration. */
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct font_file *files;

/* The mapping of `path`, one more user counted; NULL for what is not a regular, non-empty file or
 * cannot be mapped, which both libraries report as a file they cannot open. A FIFO is not waited
 * on, where the libraries' own open would wait for a writer. */
static struct font_file *font_file_use(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return NULL;
    struct stat status;
    /* HarfBuzz counts a blob's bytes in an unsigned int. */
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_size <= 0 || status.st_size > UINT_MAX) {
        close(fd);
        return NULL;
    }
    pthread_mutex_lock(&files_lock);
    struct font_file *file = files;
    while (file && !(file->device == status.st_dev && file->inode == status.st_ino && file->size == status.st_size))
        file = file->next;
    if (file) {
        file->users += 1;
    } else {
        void *bytes = mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        file = bytes == MAP_FAILED ? NULL : malloc(sizeof *file);
        if (file) {
            *file = (struct font_file){status.st_dev, status.st_ino, status.st_size, bytes, 1, files};
            files = file;
        } else if (bytes != MAP_FAILED) {
            munmap(bytes, (size_t)status.st_size);
        }
    }
    pthread_mutex_unlock(&files_lock);
    close(fd);
    return file;
}

static void font_file_release(void *user) {
    struct font_file *file = user;
    pthread_mutex_lock(&files_lock);
    if (--file->users == 0) {
        struct font_file **link = &files;
        while (*link != file) link = &(*link)->next;
        *link = file->next;
        munmap((void *)file->bytes, (size_t)file->size);
        free(file);
    }
    pthread_mutex_unlock(&files_lock);
}

/* FreeType calls a stream's close function when its face is done, or when opening it failed. */
static void font_stream_close(FT_Stream stream) {
    font_file_release(stream->descriptor.pointer);
    free(stream);
}

FT_Error FT_New_Face(FT_Library library, const char *path, FT_Long face_index, FT_Face *face) {
    if (face) *face = NULL;
    /* FreeType refuses these before it takes a stream, so it would never close one. */
    if (!library) return FT_Err_Invalid_Library_Handle;
    if (!path || (!face && face_index >= 0)) return FT_Err_Invalid_Argument;
    struct font_file *file = font_file_use(path);
    FT_StreamRec *stream = file ? calloc(1, sizeof *stream) : NULL;
    if (!stream) {
        if (file) font_file_release(file);
        return FT_Err_Cannot_Open_Resource;
    }
    stream->base = (unsigned char *)file->bytes;
    stream->size = (unsigned long)file->size;
    stream->descriptor.pointer = file;
    stream->close = font_stream_close;
    FT_Open_Args in_memory = {.flags = FT_OPEN_STREAM, .stream = stream};
    return FT_Open_Face(library, &in_memory, face_index, face);
}

/* An empty blob is what HarfBuzz answers for a file it cannot read. */
hb_blob_t *hb_blob_create_from_file(const char *path) {
    struct font_file *file = path ? font_file_use(path) : NULL;
    if (!file) return hb_blob_get_empty();
    return hb_blob_create(file->bytes, (unsigned int)file->size, HB_MEMORY_MODE_READONLY, file, font_file_release);
}

#include "deferred_symbol.h"
#include "../CXKBCommon/shim.h"

/* Keymaps, compiled with the first key a keyboard sends. */
#define XKBCOMMON_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_XKBCOMMON, result, name, parameters, arguments)
#define XKBCOMMON_PROCEDURE(name, parameters, arguments) \
    KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_XKBCOMMON, name, parameters, arguments)

XKBCOMMON_FUNCTION(enum xkb_compose_feed_result, xkb_compose_state_feed,
                   (struct xkb_compose_state *state, xkb_keysym_t keysym),
                   (state, keysym))
XKBCOMMON_FUNCTION(enum xkb_compose_status, xkb_compose_state_get_status, (struct xkb_compose_state *state), (state))
XKBCOMMON_FUNCTION(int, xkb_compose_state_get_utf8,
                   (struct xkb_compose_state *state, char *buffer, size_t size),
                   (state, buffer, size))
XKBCOMMON_FUNCTION(struct xkb_compose_state *, xkb_compose_state_new,
                   (struct xkb_compose_table *table, enum xkb_compose_state_flags flags),
                   (table, flags))
XKBCOMMON_PROCEDURE(xkb_compose_state_reset, (struct xkb_compose_state *state), (state))
XKBCOMMON_PROCEDURE(xkb_compose_state_unref, (struct xkb_compose_state *state), (state))
XKBCOMMON_FUNCTION(struct xkb_compose_table *, xkb_compose_table_new_from_locale,
                   (struct xkb_context *context, const char *locale, enum xkb_compose_compile_flags flags),
                   (context, locale, flags))
XKBCOMMON_PROCEDURE(xkb_compose_table_unref, (struct xkb_compose_table *table), (table))
XKBCOMMON_FUNCTION(struct xkb_context *, xkb_context_new, (enum xkb_context_flags flags), (flags))
XKBCOMMON_PROCEDURE(xkb_context_unref, (struct xkb_context *context), (context))
XKBCOMMON_FUNCTION(struct xkb_keymap *, xkb_keymap_new_from_names,
                   (struct xkb_context *context, const struct xkb_rule_names *names,
                    enum xkb_keymap_compile_flags flags),
                   (context, names, flags))
XKBCOMMON_PROCEDURE(xkb_keymap_unref, (struct xkb_keymap *keymap), (keymap))
XKBCOMMON_FUNCTION(int, xkb_keysym_to_utf8, (xkb_keysym_t keysym, char *buffer, size_t size), (keysym, buffer, size))
XKBCOMMON_FUNCTION(xkb_keysym_t, xkb_state_key_get_one_sym, (struct xkb_state *state, xkb_keycode_t key), (state, key))
XKBCOMMON_FUNCTION(int, xkb_state_key_get_utf8,
                   (struct xkb_state *state, xkb_keycode_t key, char *buffer, size_t size),
                   (state, key, buffer, size))
XKBCOMMON_FUNCTION(struct xkb_state *, xkb_state_new, (struct xkb_keymap *keymap), (keymap))
XKBCOMMON_PROCEDURE(xkb_state_unref, (struct xkb_state *state), (state))
XKBCOMMON_FUNCTION(enum xkb_state_component, xkb_state_update_key,
                   (struct xkb_state *state, xkb_keycode_t key, enum xkb_key_direction direction),
                   (state, key, direction))

#include "deferred_symbol.h"
#include "../CMosquitto/shim.h"

#define MOSQUITTO_FUNCTION(result, name, parameters, arguments) \
    KIOSK_DEFERRED(KIOSK_LIBRARY_MOSQUITTO, result, name, parameters, arguments)
#define MOSQUITTO_PROCEDURE(name, parameters, arguments) \
    KIOSK_DEFERRED_VOID(KIOSK_LIBRARY_MOSQUITTO, name, parameters, arguments)

typedef struct mosquitto Client;

MOSQUITTO_FUNCTION(int, mosquitto_lib_init, (void), ())
MOSQUITTO_FUNCTION(const char *, mosquitto_strerror, (int error), (error))
MOSQUITTO_FUNCTION(const char *, mosquitto_reason_string, (int reason), (reason))

MOSQUITTO_FUNCTION(Client *, mosquitto_new, (const char *id, bool cleanSession, void *context), (id, cleanSession, context))
MOSQUITTO_PROCEDURE(mosquitto_destroy, (Client *client), (client))
MOSQUITTO_PROCEDURE(mosquitto_user_data_set, (Client *client, void *context), (client, context))
MOSQUITTO_FUNCTION(int, mosquitto_int_option, (Client *client, enum mosq_opt_t option, int value), (client, option, value))
MOSQUITTO_FUNCTION(int, mosquitto_username_pw_set, (Client *client, const char *username, const char *password),
                   (client, username, password))
MOSQUITTO_FUNCTION(int, mosquitto_tls_set,
                   (Client *client, const char *caFile, const char *caPath, const char *certFile, const char *keyFile,
                    int (*passwordCallback)(char *buffer, int size, int writing, void *context)),
                   (client, caFile, caPath, certFile, keyFile, passwordCallback))
MOSQUITTO_FUNCTION(int, mosquitto_will_set,
                   (Client *client, const char *topic, int length, const void *payload, int qos, bool retain),
                   (client, topic, length, payload, qos, retain))

MOSQUITTO_PROCEDURE(mosquitto_connect_v5_callback_set,
                    (Client *client, void (*callback)(Client *, void *, int, int, const mosquitto_property *)),
                    (client, callback))
MOSQUITTO_PROCEDURE(mosquitto_disconnect_v5_callback_set,
                    (Client *client, void (*callback)(Client *, void *, int, const mosquitto_property *)),
                    (client, callback))
MOSQUITTO_PROCEDURE(mosquitto_publish_v5_callback_set,
                    (Client *client, void (*callback)(Client *, void *, int, int, const mosquitto_property *)),
                    (client, callback))
MOSQUITTO_PROCEDURE(mosquitto_message_v5_callback_set,
                    (Client *client, void (*callback)(Client *, void *, const struct mosquitto_message *,
                                                      const mosquitto_property *)),
                    (client, callback))

MOSQUITTO_FUNCTION(int, mosquitto_connect_bind_v5,
                   (Client *client, const char *host, int port, int keepalive, const char *bindAddress,
                    const mosquitto_property *properties),
                   (client, host, port, keepalive, bindAddress, properties))
MOSQUITTO_FUNCTION(int, mosquitto_disconnect, (Client *client), (client))
MOSQUITTO_FUNCTION(int, mosquitto_socket, (Client *client), (client))
MOSQUITTO_FUNCTION(bool, mosquitto_want_write, (Client *client), (client))
MOSQUITTO_FUNCTION(int, mosquitto_loop, (Client *client, int timeout, int maxPackets), (client, timeout, maxPackets))
MOSQUITTO_FUNCTION(int, mosquitto_loop_read, (Client *client, int maxPackets), (client, maxPackets))
MOSQUITTO_FUNCTION(int, mosquitto_loop_write, (Client *client, int maxPackets), (client, maxPackets))
MOSQUITTO_FUNCTION(int, mosquitto_loop_misc, (Client *client), (client))

MOSQUITTO_FUNCTION(int, mosquitto_publish_v5,
                   (Client *client, int *messageID, const char *topic, int length, const void *payload, int qos,
                    bool retain, const mosquitto_property *properties),
                   (client, messageID, topic, length, payload, qos, retain, properties))
MOSQUITTO_FUNCTION(int, mosquitto_subscribe, (Client *client, int *messageID, const char *pattern, int qos),
                   (client, messageID, pattern, qos))
MOSQUITTO_FUNCTION(int, mosquitto_unsubscribe, (Client *client, int *messageID, const char *pattern),
                   (client, messageID, pattern))

MOSQUITTO_FUNCTION(int, mosquitto_property_add_binary,
                   (mosquitto_property **list, int identifier, const void *value, uint16_t length),
                   (list, identifier, value, length))
MOSQUITTO_FUNCTION(int, mosquitto_property_add_int32, (mosquitto_property **list, int identifier, uint32_t value),
                   (list, identifier, value))
MOSQUITTO_FUNCTION(int, mosquitto_property_add_string, (mosquitto_property **list, int identifier, const char *value),
                   (list, identifier, value))
MOSQUITTO_FUNCTION(const mosquitto_property *, mosquitto_property_read_binary,
                   (const mosquitto_property *list, int identifier, void **value, uint16_t *length, bool skipFirst),
                   (list, identifier, value, length, skipFirst))
MOSQUITTO_FUNCTION(const mosquitto_property *, mosquitto_property_read_string,
                   (const mosquitto_property *list, int identifier, char **value, bool skipFirst),
                   (list, identifier, value, skipFirst))
MOSQUITTO_PROCEDURE(mosquitto_property_free_all, (mosquitto_property **list), (list))

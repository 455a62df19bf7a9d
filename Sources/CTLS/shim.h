#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

// Function-like macros Swift cannot call, as functions.

static inline long habits_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

static inline long habits_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_min_proto_version(context, version);
}

// OpenSSL's declarations and constants only: the client loads libssl with
// dlopen on its first https connection (OpenSSLLibrary), so nothing here is
// linked.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

// Debian's libpq-dev installs the header under /usr/include/postgresql
// (pkg-config libpq adds that directory); Homebrew's libpq under its prefix.
#include <libpq-fe.h>

/* LD_PRELOAD shim for bench/abuse.sh: binds every IPv4 socket that connects without an address of
 * its own to $BLOG_BIND_SOURCE first, so a tool without such an option (slowhttptest) attacks from
 * another loopback address. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

int connect(int fd, const struct sockaddr *to, socklen_t len) {
  static int (*real_connect)(int, const struct sockaddr *, socklen_t);
  if (!real_connect) real_connect = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
  const char *source = getenv("BLOG_BIND_SOURCE");
  if (source && to && to->sa_family == AF_INET) {
    struct sockaddr_in self;
    memset(&self, 0, sizeof self);
    self.sin_family = AF_INET;
    if (inet_pton(AF_INET, source, &self.sin_addr) == 1) bind(fd, (struct sockaddr *)&self, sizeof self);
  }
  return real_connect(fd, to, len);
}

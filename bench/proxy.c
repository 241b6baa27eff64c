/* The fleet benchmark's latency proxy: a shard in another zone.

   proxy DELAY_MS SOCKET...

   For each unix SOCKET (a redis-server's), listens on 127.0.0.1 at a port of the kernel's
   choosing and prints the ports, one line each, in the order given; then relays every
   connection to its socket, holding each chunk the client sends DELAY_MS before passing it on
   (so each round trip takes that much longer), and passing replies straight back. Each
   direction of each connection is one blocking thread: the proxy's own CPU is the kernel's
   copies and little else, as a network's would be none of the client's. Stops on SIGTERM. */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define CHUNK (1 << 16)

static struct timespec delay;

struct pipe_end {
    int from, to;
    int hold; /* 1: hold each chunk `delay` first */
};

static int write_all(int fd, const char *p, ssize_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, (size_t)n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= w;
    }
    return 0;
}

static void *relay(void *arg) {
    struct pipe_end *e = arg;
    char *buf = malloc(CHUNK);
    for (;;) {
        ssize_t n = read(e->from, buf, CHUNK);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (e->hold) nanosleep(&delay, NULL);
        if (write_all(e->to, buf, n) < 0) break;
    }
    /* One side is done: end both, so the other thread's read returns too. */
    shutdown(e->from, SHUT_RDWR);
    shutdown(e->to, SHUT_RDWR);
    free(buf);
    return NULL;
}

struct conn {
    struct pipe_end up, down;
};

static void *serve(void *arg) {
    struct conn *c = arg;
    pthread_t t;
    if (pthread_create(&t, NULL, relay, &c->down) != 0) {
        close(c->up.from);
        close(c->up.to);
        free(c);
        return NULL;
    }
    relay(&c->up);
    pthread_join(t, NULL);
    close(c->up.from);
    close(c->up.to);
    free(c);
    return NULL;
}

struct listener {
    int fd;
    const char *path;
};

static void *accept_loop(void *arg) {
    struct listener *l = arg;
    for (;;) {
        int client = accept(l->fd, NULL, NULL);
        if (client < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            perror("accept");
            return NULL;
        }
        int one = 1;
        setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        int up = socket(AF_UNIX, SOCK_STREAM, 0);
        struct sockaddr_un addr = {.sun_family = AF_UNIX};
        strncpy(addr.sun_path, l->path, sizeof addr.sun_path - 1);
        if (up < 0 || connect(up, (struct sockaddr *)&addr, sizeof addr) < 0) {
            perror(l->path);
            if (up >= 0) close(up);
            close(client);
            continue;
        }
        struct conn *c = malloc(sizeof *c);
        c->up = (struct pipe_end){client, up, 1};
        c->down = (struct pipe_end){up, client, 0};
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &attr, serve, c) != 0) {
            close(client);
            close(up);
            free(c);
        }
        pthread_attr_destroy(&attr);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: proxy DELAY_MS SOCKET...\n");
        return 2;
    }
    double ms = atof(argv[1]);
    delay.tv_sec = (time_t)(ms / 1000);
    delay.tv_nsec = (long)((ms - delay.tv_sec * 1000.0) * 1e6);
    signal(SIGPIPE, SIG_IGN);
    int n = argc - 2;
    struct listener *ls = calloc((size_t)n, sizeof *ls);
    for (int i = 0; i < n; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = 0};
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
            listen(fd, 128) < 0 || getsockname(fd, (struct sockaddr *)&addr, &len) < 0) {
            perror("listen");
            return 1;
        }
        ls[i] = (struct listener){fd, argv[i + 2]};
        printf("%d\n", ntohs(addr.sin_port));
    }
    fflush(stdout);
    for (int i = 0; i < n; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, accept_loop, &ls[i]) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (;;) pause();
}

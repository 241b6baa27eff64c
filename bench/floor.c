/* The floor of a worker's own CPU per job: a client that does nothing but round trips.
 *
 *   floor SOCKET N K
 *
 * connects to the Redis at the unix socket SOCKET and sends PING N times, K at a time: K
 * writes, then it reads until the K replies are in (K = 1: one round trip per job, the most a
 * worker that settles each job before starting the next can do with nothing to run; K > 1:
 * what acknowledging without waiting and taking K jobs a call would at best cost). It prints
 * one line of JSON: the round trips a second and its own CPU (user + sys) per command in µs.
 * Built and run by bench/worker.py, in the same run as the workers it is compared with. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval t) { return t.tv_sec + t.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: floor SOCKET N K\n");
        return 2;
    }
    long n = atol(argv[2]), k = atol(argv[3]);
    if (n < 1 || k < 1 || strlen(argv[1]) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
        fprintf(stderr, "floor: bad arguments\n");
        return 2;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {0};
    addr.sun_family = AF_UNIX;
    strcpy(addr.sun_path, argv[1]);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        perror("floor: connect");
        return 1;
    }
    static const char cmd[] = "PING\r\n"; /* its reply: +PONG\r\n, 7 bytes */
    char buf[65536];
    struct rusage r0, r1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    getrusage(RUSAGE_SELF, &r0);
    for (long done = 0; done < n; done += k) {
        for (long i = 0; i < k; i++) {
            if (write(fd, cmd, sizeof cmd - 1) != (ssize_t)(sizeof cmd - 1)) {
                perror("floor: write");
                return 1;
            }
        }
        for (long got = 0; got < 7 * k;) {
            ssize_t r = read(fd, buf, sizeof buf);
            if (r <= 0) {
                perror("floor: read");
                return 1;
            }
            got += r;
        }
    }
    getrusage(RUSAGE_SELF, &r1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long sent = (n + k - 1) / k * k;
    double cpu = seconds(r1.ru_utime) - seconds(r0.ru_utime) + seconds(r1.ru_stime) -
                 seconds(r0.ru_stime);
    double wall = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("{\"per_second\": %.1f, \"cpu_us\": %.3f}\n", sent / wall, cpu / sent * 1e6);
    return 0;
}

/*
 * The progress line of long work (progress.h).
 */
#include "Support/progress.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* On unless SOLAR_PROGRESS says otherwise: a terminal that can move the cursor back. */
static bool wanted(FILE *out)
{
    const char *force = getenv("SOLAR_PROGRESS");
    if (force && *force)
        return strcmp(force, "0") != 0;
    const char *term = getenv("TERM");
    return isatty(fileno(out)) && !(term && strcmp(term, "dumb") == 0);
}

void sol_progress_begin(SolProgress *p, FILE *out, const char *who, size_t total)
{
    memset(p, 0, sizeof *p);
    if (!out || !wanted(out))
        return;
    p->out = out;
    p->who = who;
    p->total = total;
    p->start = now();
    const char *cols = getenv("COLUMNS");
    long c = cols ? strtol(cols, NULL, 10) : 0;
    p->width = c > 20 && c < 1000 ? (size_t)c - 1 : 79;
}

/* `12 s`, `3 min 05 s`, `1 h 02 min`. */
static void elapsed_text(char *buf, size_t n, double s)
{
    long t = (long)s;
    if (t < 60)
        snprintf(buf, n, "%ld s", t);
    else if (t < 3600)
        snprintf(buf, n, "%ld min %02ld s", t / 60, t % 60);
    else
        snprintf(buf, n, "%ld h %02ld min", t / 3600, t / 60 % 60);
}

void sol_progress_update(SolProgress *p, size_t done, const char *what)
{
    if (!p->out)
        return;
    char line[1024], el[32];
    elapsed_text(el, sizeof el, now() - p->start);
    int len;
    if (p->total)
        len = snprintf(line, sizeof line, "%s: %zu of %zu, %s elapsed%s%s", p->who, done,
                       p->total, el, what ? ": " : "", what ? what : "");
    else
        len = snprintf(line, sizeof line, "%s: %zu done, %s elapsed%s%s", p->who, done, el,
                       what ? ": " : "", what ? what : "");
    size_t n = len < 0 ? 0 : (size_t)len < sizeof line ? (size_t)len : sizeof line - 1;
    if (n > p->width)
        n = p->width;
    fputc('\r', p->out);
    fwrite(line, 1, n, p->out);
    for (size_t i = n; i < p->drawn; i++) /* blank what a longer line left */
        fputc(' ', p->out);
    if (p->drawn > n)
        for (size_t i = n; i < p->drawn; i++)
            fputc('\b', p->out);
    p->drawn = n;
    fflush(p->out);
}

void sol_progress_clear(SolProgress *p)
{
    if (!p->out || !p->drawn)
        return;
    fputc('\r', p->out);
    for (size_t i = 0; i < p->drawn; i++)
        fputc(' ', p->out);
    fputc('\r', p->out);
    fflush(p->out);
    p->drawn = 0;
}

void sol_progress_end(SolProgress *p)
{
    sol_progress_clear(p);
    p->out = NULL;
}

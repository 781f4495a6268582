/*
 * Cache geometry and memory size as Linux reports them: /sys/devices/system/cpu/cpu0/cache/
 * index<N>/{level,type,size,shared_cpu_list} and MemTotal in /proc/meminfo. Instruction caches
 * are skipped. A virtual machine reports its host's last-level cache, shared with other guests:
 * the capacity is an upper figure, which is the safe side for a lower bound (more storage can
 * only lower the bytes that must move).
 */
#include "Calibrate/calibrate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool read_line(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fgets(out, (int)size, f) != NULL;
    fclose(f);
    if (ok)
        out[strcspn(out, "\n")] = '\0';
    return ok;
}

/* "48K", "2048K", "491520K", "1M" -> bytes; 0 when unreadable. */
static uint64_t parse_size(const char *s)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    switch (*end) {
    case 'K':
        return (uint64_t)v << 10;
    case 'M':
        return (uint64_t)v << 20;
    case 'G':
        return (uint64_t)v << 30;
    case '\0':
        return (uint64_t)v;
    default:
        return 0;
    }
}

/* "0-1,4,6-7" -> 5 */
static int count_cpus(const char *list)
{
    int n = 0;
    const char *p = list;
    while (*p) {
        char *end;
        long a = strtol(p, &end, 10), b = a;
        if (end == p)
            break;
        if (*end == '-')
            b = strtol(end + 1, &end, 10);
        if (b >= a)
            n += (int)(b - a + 1);
        p = *end == ',' ? end + 1 : end;
        if (*p && *p != ',' && (*p < '0' || *p > '9'))
            break;
    }
    return n;
}

int sol_cal_caches_read(SolCalCache *out, int max)
{
    int n = 0;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 1)
        online = 1;
    for (int i = 0; i < 16 && n < max; i++) {
        char path[128], text[256];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
        if (!read_line(path, text, sizeof text))
            break;
        if (strcmp(text, "Instruction") == 0)
            continue;
        SolCalCache c = {0};
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        if (read_line(path, text, sizeof text))
            c.level = atoi(text);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        if (read_line(path, text, sizeof text))
            c.bytes = parse_size(text);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/shared_cpu_list",
                 i);
        c.cpus_per_instance = read_line(path, text, sizeof text) ? count_cpus(text) : 1;
        if (c.cpus_per_instance < 1)
            c.cpus_per_instance = 1;
        c.instances = (int)((online + c.cpus_per_instance - 1) / c.cpus_per_instance);
        if (c.level >= 1 && c.bytes > 0)
            out[n++] = c;
    }
    return n;
}

uint64_t sol_cal_dram_bytes(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return 0;
    char line[256];
    uint64_t bytes = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long long kb;
        if (sscanf(line, "MemTotal: %llu kB", &kb) == 1) {
            bytes = (uint64_t)kb * 1024;
            break;
        }
    }
    fclose(f);
    return bytes;
}

/*
 * The running CPU's identity and core count (see host_cpu.h).
 */
#include "Analysis/host_cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* CPUID leaf 0 (vendor), leaf 1 (family and model, with the extended fields the way the
 * Intel SDM and AMD APM define the display values), 0x80000002-4 (brand string). */
static void cpuid_ident(SolCpuIdent *out)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return;
    memcpy(out->vendor, &b, 4);
    memcpy(out->vendor + 4, &d, 4);
    memcpy(out->vendor + 8, &c, 4);
    out->vendor[12] = '\0';
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        uint32_t base_family = (a >> 8) & 0xf, base_model = (a >> 4) & 0xf;
        out->family = base_family == 0xf ? base_family + ((a >> 20) & 0xff) : base_family;
        out->model = base_family == 0x6 || base_family == 0xf
                         ? base_model + (((a >> 16) & 0xf) << 4)
                         : base_model;
    }
    /* __get_cpuid_max returns int in clang's cpuid.h, unsigned in gcc's */
    if ((unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
        uint32_t regs[12];
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2],
                        &regs[4 * i + 3]);
        char text[49];
        memcpy(text, regs, 48);
        text[48] = '\0';
        const char *s = text;
        while (*s == ' ')
            s++;
        snprintf(out->brand, sizeof out->brand, "%s", s);
    }
}
#else

/* /proc/cpuinfo on Arm: "CPU implementer : 0x41", "CPU part : 0xd40" (the first CPU's). */
static void cpuinfo_ident(SolCpuIdent *out)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    bool impl = false, part = false;
    while (fgets(line, sizeof line, f) && !(impl && part)) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        unsigned long v = strtoul(colon + 1, NULL, 0);
        if (!impl && strncmp(line, "CPU implementer", 15) == 0)
            out->family = (uint32_t)v, impl = true;
        else if (!part && strncmp(line, "CPU part", 8) == 0)
            out->model = (uint32_t)v, part = true;
    }
    fclose(f);
    if (impl && out->family == 0x41)
        snprintf(out->vendor, sizeof out->vendor, "ARM");
    else if (impl)
        snprintf(out->vendor, sizeof out->vendor, "arm-0x%02x", out->family);
}
#endif

void sol_host_cpu_ident(SolCpuIdent *out)
{
    memset(out, 0, sizeof *out);
#if defined(__x86_64__) || defined(__i386__)
    cpuid_ident(out);
#else
    cpuinfo_ident(out);
#endif
    out->cores = sol_host_physical_cores();
}

static bool read_long(const char *path, long *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fscanf(f, "%ld", out) == 1;
    fclose(f);
    return ok;
}

uint32_t sol_host_physical_cores(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online < 1)
        online = 1;
    /* Distinct (package, core) pairs; cores of one package share a core id only across
     * packages. */
    enum { MAX_CPUS = 4096 };
    long *keys = calloc(MAX_CPUS, sizeof *keys);
    uint32_t n = 0;
    for (long cpu = 0; cpu < MAX_CPUS && n < MAX_CPUS; cpu++) {
        char path[128];
        long pkg = 0, core;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%ld/topology/core_id", cpu);
        if (!read_long(path, &core))
            continue;
        snprintf(path, sizeof path,
                 "/sys/devices/system/cpu/cpu%ld/topology/physical_package_id", cpu);
        read_long(path, &pkg);
        long key = pkg * 1000000 + core;
        bool seen = false;
        for (uint32_t i = 0; i < n && !seen; i++)
            seen = keys[i] == key;
        if (!seen)
            keys[n++] = key;
    }
    free(keys);
    return n ? n : (uint32_t)online;
}

bool sol_device_host_mismatch(const SolDevice *d, const SolCpuIdent *r, SolBuf *why)
{
    static const char how[] = "; its figures need not bound this machine: run `solar-calibrate "
                              "-o hardware/host.json` here (or give --hw a model of this CPU)";
    if (!d->has_cpu) {
        if (!d->measured)
            return false;
        sol_buf_printf(why, "%s records no CPU identity (made before models recorded one), so "
                            "it may describe another machine%s",
                       d->path, how);
        return true;
    }
    const SolCpuIdent *m = &d->cpu;
    if (strcmp(m->vendor, r->vendor) == 0 && m->family == r->family && m->model == r->model &&
        strcmp(m->brand, r->brand) == 0 && (m->cores == 0 || r->cores == 0 || m->cores == r->cores))
        return false;
    sol_buf_printf(why,
                   "%s describes %s (%s family %u model %u, %u cores), but this machine is %s "
                   "(%s family %u model %u, %u cores)%s",
                   d->path, m->brand[0] ? m->brand : "a CPU", m->vendor, m->family, m->model,
                   m->cores, r->brand[0] ? r->brand : "a CPU", r->vendor, r->family, r->model,
                   r->cores, how);
    return true;
}

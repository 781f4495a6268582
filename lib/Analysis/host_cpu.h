/*
 * The running machine's CPU: its identity (CPUID vendor, display family and model, brand
 * string on x86; MIDR implementer and part from /proc/cpuinfo on Arm) and its physical core
 * count (Linux sysfs topology), and whether a device model's recorded `cpu` is this one.
 *
 * A host model (hardware/host.json, written by solar-calibrate) only bounds the machine it
 * was made on: `solar-opt --hw host` on another CPU would divide by another machine's peaks,
 * so the tool warns and says how to calibrate (sol_device_host_mismatch).
 */
#ifndef SOLAR_ANALYSIS_HOST_CPU_H
#define SOLAR_ANALYSIS_HOST_CPU_H

#include "Analysis/device.h"

/* Fills *out for the running CPU; fields it cannot read stay zero or "". */
void sol_host_cpu_ident(SolCpuIdent *out);

/* Physical cores of the online CPUs (distinct package and core ids in sysfs); the online CPU
 * count when sysfs says nothing, at least 1. */
uint32_t sol_host_physical_cores(void);

/* True when d records a CPU (a host model) that is not `running`: vendor, family, model or
 * brand differ, or the core count does (a model of 2 cores does not bound 64). Appends the
 * warning text to why: what the model describes, what runs, and how to recalibrate. A device
 * without a `cpu` record that says it was measured is reported too (made before models
 * recorded their CPU). */
bool sol_device_host_mismatch(const SolDevice *d, const SolCpuIdent *running, SolBuf *why);

#endif /* SOLAR_ANALYSIS_HOST_CPU_H */

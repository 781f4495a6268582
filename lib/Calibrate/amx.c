/*
 * AMX peaks: tile dot products (TDPBF16PS, TDPBSSD) on every core. Four accumulator tiles are
 * updated from two A and two B tiles, so consecutive instructions are independent. Each tile is
 * 16 rows x 64 bytes: one TDPBF16PS is 16 x 16 x 32 multiply-adds = 16,384 FLOP, one TDPBSSD
 * 16 x 16 x 64 = 32,768 OP. Linux hands out the tile state only on request
 * (isa.c asks once per process); every thread loads its own tile configuration.
 */
#include "Calibrate/calibrate.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

/* The 64-byte tile configuration (palette 1): eight tiles of 16 rows x 64 bytes. */
typedef struct __attribute__((packed)) TileConfig {
    uint8_t palette, start_row, reserved[14];
    uint16_t colsb[16];
    uint8_t rows[16];
} TileConfig;

__attribute__((target("amx-tile"))) static void tiles_setup(const void *data)
{
    TileConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++)
        cfg.colsb[t] = 64, cfg.rows[t] = 16;
    /* GCC 12 does not see that ldtilecfg reads cfg and drops the stores above (the tile
     * configuration then faults): the empty asm says the memory is used. */
    __asm__ volatile("" : : "r"(&cfg) : "memory");
    _tile_loadconfig(&cfg);
    _tile_zero(0);
    _tile_zero(1);
    _tile_zero(2);
    _tile_zero(3);
    _tile_loadd(4, data, 64);
    _tile_loadd(5, data, 64);
    _tile_loadd(6, data, 64);
    _tile_loadd(7, data, 64);
}

__attribute__((target("amx-tile"))) static double tiles_finish(void)
{
    float out[16 * 16] __attribute__((aligned(64)));
    _tile_stored(0, out, 64);
    _tile_release();
    return out[0];
}

/* The operands are ones (bf16 1.0 = 0x3f80): the sums only need to stay finite. */
__attribute__((target("amx-tile,amx-bf16"))) static double bf16_tiles(uint64_t iters)
{
    uint16_t ones[16 * 32] __attribute__((aligned(64)));
    for (size_t i = 0; i < sizeof ones / sizeof ones[0]; i++)
        ones[i] = 0x3f80;
    tiles_setup(ones);
    for (uint64_t i = 0; i < iters; i++) {
        _tile_dpbf16ps(0, 4, 6);
        _tile_dpbf16ps(1, 4, 7);
        _tile_dpbf16ps(2, 5, 6);
        _tile_dpbf16ps(3, 5, 7);
    }
    return tiles_finish();
}

__attribute__((target("amx-tile,amx-int8"))) static double i8_tiles(uint64_t iters)
{
    uint8_t ones[16 * 64] __attribute__((aligned(64)));
    memset(ones, 1, sizeof ones);
    tiles_setup(ones);
    for (uint64_t i = 0; i < iters; i++) {
        _tile_dpbssd(0, 4, 6);
        _tile_dpbssd(1, 4, 7);
        _tile_dpbssd(2, 5, 6);
        _tile_dpbssd(3, 5, 7);
    }
    return tiles_finish();
}

bool sol_cal_amx_peak(const SolCalIsa *isa, const char *dtype, const SolCalOptions *o,
                      SolCalRate *out)
{
    SolCalKernel kernel;
    double op_per_iter;
    if (strcmp(dtype, "bf16") == 0 && isa->amx_bf16)
        kernel = bf16_tiles, op_per_iter = 4.0 * 16 * 16 * 32 * 2;
    else if (strcmp(dtype, "i8") == 0 && isa->amx_int8)
        kernel = i8_tiles, op_per_iter = 4.0 * 16 * 16 * 64 * 2;
    else
        return false;
    if (!isa->amx_usable)
        return false;
    const char *method = kernel == bf16_tiles ? "AMX tdpbf16ps" : "AMX tdpbssd";
    sol_cal_measure_kernel(o, kernel, op_per_iter, method, out);
    return true;
}

#else

bool sol_cal_amx_peak(const SolCalIsa *isa, const char *dtype, const SolCalOptions *o,
                      SolCalRate *out)
{
    (void)isa, (void)dtype, (void)o, (void)out;
    return false;
}

#endif

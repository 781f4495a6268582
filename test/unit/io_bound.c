/*
 * The I/O lower-bound LP (lib/Analysis/io_bound.h) against the worked examples of
 * shared/reference/io-lower-bounds.md section 8, to the printed digits. The note's grid
 * figures leave out the segment argument's b_max term and the final (1 - 1e-9) factor, so
 * they are reproduced here with b_max = 0 and a plain floor; the tool keeps both (its
 * figures are a few bytes lower: test/lit/Passes/SolCache). Also the invariants of §11:
 * grid >= closed form, monotone in the capacity, zero when the footprint fits.
 */
#include "Analysis/io_bound.h"

#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define H100_SM (262144.0 + 262144.0) /* RF + L1/shared per SM */
#define H100_L2 52428800.0
#define H100_CHIP (H100_L2 + 132 * H100_SM) /* 121,634,816 B */
#define H100_GPC (18 * H100_SM)             /* 9,437,184 B */
#define H100_SMS (132 * H100_SM)            /* 69,206,016 B */

/* C[m,n] = A[m,k] B[k,n] (levels m, n, k), b bytes per element. */
static SolIoEinsum matmul(double m, double n, double k, double b)
{
    SolIoEinsum e;
    memset(&e, 0, sizeof e);
    e.num_levels = 3;
    e.extent[0] = m, e.extent[1] = n, e.extent[2] = k;
    e.points = m * n * k;
    e.num_tensors = 3;
    e.t[0] = (SolIoTensor){.mask = 0x5, .bytes = b, .mult = 1};                 /* A: m, k */
    e.t[1] = (SolIoTensor){.mask = 0x6, .bytes = b, .mult = 1};                 /* B: k, n */
    e.t[2] = (SolIoTensor){.mask = 0x3, .bytes = b, .mult = 1, .output = true}; /* C: m, n */
    e.box = true;
    return e;
}

static uint64_t grid(const SolIoEinsum *e, double s_max, double s_sum)
{
    SolIoModel m;
    sol_io_model(e, &m);
    return (uint64_t)floor(sol_io_segment(&m, e->points, s_max, s_sum, 0));
}

/* Example 1: FP16 GEMM, M = N = K = 8192, on the H100-like device. */
static void test_gemm(void)
{
    SolIoEinsum e = matmul(8192, 8192, 8192, 2);
    SolIoModel m;
    sol_io_model(&e, &m);
    EXPECT(fabs(m.sigma_star - 1.5) < 1e-12);
    EXPECT(sol_io_is_matmul(&e));
    /* DRAM, tau grid: 16,025,910 el. = 32,051,821 B, below compulsory 402,653,184 B. */
    EXPECT(grid(&e, H100_CHIP, H100_CHIP) == 32051821);
    /* L2 with GPC processors: closed form at tau = 4, 219,501,909 el. = 439,003,818 B, and the
     * grid, 260,037,997 el. = 520,075,995 B (the L2-level bound, above compulsory). */
    double w = e.points, sg = H100_GPC / 2, sall = H100_SMS / 2;
    double closed = 2 * floor(sqrt(2) * w / sqrt(sg) - 4 * sall);
    EXPECT(closed == 439003818);
    uint64_t l2 = grid(&e, H100_GPC, H100_SMS);
    EXPECT(l2 == 520075995);
    EXPECT((double)l2 >= closed && l2 > 402653184);
    /* Per-SM processors (pre-Hopper semantics): 1,394,949,359 el. = 2,789,898,718 B. */
    EXPECT(grid(&e, H100_SM, H100_SMS) == 2789898718u);
    /* Tight mode (Smith), GPC level: 436,960,733 el. */
    EXPECT((uint64_t)floor(sol_io_tight_matmul(w, 2, H100_GPC, H100_SMS) / 2) == 436960733);
    /* The tool's form (b_max = 2 bytes, then * (1 - 1e-9) and floor) is a little lower. */
    double q = sol_io_segment(&m, w, H100_GPC, H100_SMS, 2);
    EXPECT((uint64_t)floor(q * (1 - 1e-9)) == 520075943);
    /* Rate term, GPC: pi_p = 989.4e12 / 2 / 132 * 18 MAC/s, beta_L2 = 12e12: 132.5 us;
     * per-SM processors: 272.8 us. */
    double pi_sm = 989.4e12 / 2 / 132;
    double t = sol_io_rate(&m, w, 18 * pi_sm, 12e12);
    EXPECT(fabs(t * 1e6 - 132.5) < 0.05);
    t = sol_io_rate(&m, w, pi_sm, 12e12);
    EXPECT(fabs(t * 1e6 - 272.8) < 0.05);
}

/* Example 1b: the same GEMM on a small-SRAM device (4 MiB L2, 16 SMs x 448 KiB). */
static void test_small_sram(void)
{
    SolIoEinsum e = matmul(8192, 8192, 8192, 2);
    double s = 4 * 1048576.0 + 16 * (262144.0 + 196608.0); /* 11,534,336 B */
    EXPECT(s == 11534336);
    /* Closed form 300,676,669 el. = 601,353,338 B; grid 302,701,152 el. = 605,402,305 B,
     * 1.50x compulsory: the DRAM term binds. */
    double closed = floor(sqrt(2) * e.points / sqrt(s / 2) - 4 * (s / 2));
    EXPECT(closed == 300676669);
    uint64_t q = grid(&e, s, s);
    EXPECT(q == 605402305);
    EXPECT(q > 402653184 && q / 402653184.0 > 1.5 && q / 402653184.0 < 1.51);
    /* L2 alone as the capacity (4 MiB): 528,669,250 el. = 1,057,338,500 B, the wrong figure. */
    EXPECT(grid(&e, 4194304, 4194304) == 1057338500);
}

/* Example 2: conv2d FP16, N=32, C=O=256, 28x28, 3x3, stride 1, pad 1. Levels n, o, c, p, q,
 * r, s; the input's windows p + r and q + s give rho = 3 * 3. */
static void test_conv(void)
{
    SolIoEinsum e;
    memset(&e, 0, sizeof e);
    e.num_levels = 7;
    double ext[7] = {32, 256, 256, 28, 28, 3, 3};
    memcpy(e.extent, ext, sizeof ext);
    e.points = 32.0 * 256 * 256 * 82 * 82; /* in-bounds taps only */
    EXPECT(e.points == 14101250048.0);
    e.num_tensors = 3;
    e.t[0] = (SolIoTensor){.mask = 0x1 | 0x4 | 0x8 | 0x10 | 0x20 | 0x40, .bytes = 2, .mult = 9};
    e.t[1] = (SolIoTensor){.mask = 0x2 | 0x4 | 0x20 | 0x40, .bytes = 2, .mult = 1};
    e.t[2] = (SolIoTensor){.mask = 0x1 | 0x2 | 0x8 | 0x10, .bytes = 2, .mult = 1, .output = true};
    SolIoModel m;
    sol_io_model(&e, &m);
    EXPECT(fabs(m.sigma_star - 1.5) < 1e-12);
    /* F(X) <= sqrt(rho) (X/3)^(3/2) elements is one of the candidates. */
    bool found = false;
    for (uint32_t k = 0; k < m.nb; k++)
        found |= fabs(m.b[k].sigma - 1.5) < 1e-12 &&
                 fabs(m.b[k].log_k - (0.5 * log(9) - 1.5 * log(3 * 2))) < 1e-12;
    EXPECT(found);
    /* All segment terms <= 0: DRAM, L2 with GPCs, L2 with SMs. */
    EXPECT(sol_io_segment(&m, e.points, H100_CHIP, H100_CHIP, 2) == 0);
    EXPECT(sol_io_segment(&m, e.points, H100_GPC, H100_SMS, 2) == 0);
    EXPECT(sol_io_segment(&m, e.points, H100_SM, H100_SMS, 2) == 0);
    /* Depthwise (the input covers every level): sigma* = 1, no cache term. */
    e.t[1].mask = 0x2 | 0x20 | 0x40, e.t[0].mask = 0x1 | 0x2 | 0x8 | 0x10 | 0x20 | 0x40;
    e.t[2].mask = 0x1 | 0x2 | 0x8 | 0x10;
    e.num_levels = 6; /* no separate input channel */
    e.extent[2] = 28, e.extent[3] = 28, e.extent[4] = 3, e.extent[5] = 3;
    e.t[0].mask = 0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x20, e.t[1].mask = 0x2 | 0x10 | 0x20;
    e.t[2].mask = 0x1 | 0x2 | 0x4 | 0x8;
    sol_io_model(&e, &m);
    EXPECT(fabs(m.sigma_star - 1) < 1e-12);
    EXPECT(sol_io_segment(&m, e.points, 1e3, 1e3, 2) == 0);
}

/* Example 3: attention forward FP16, B=1, H=32, N=4096, d=128, scores never stored. Levels
 * h, i, j, d; the scores are an intermediate output reduced over d. */
static SolIoEinsum attention(void)
{
    SolIoEinsum e;
    memset(&e, 0, sizeof e);
    e.num_levels = 4;
    e.extent[0] = 32, e.extent[1] = 4096, e.extent[2] = 4096, e.extent[3] = 128;
    e.points = 32.0 * 4096 * 4096 * 128;
    e.num_tensors = 3;
    e.t[0] = (SolIoTensor){.mask = 0x1 | 0x2 | 0x8, .bytes = 2, .mult = 1}; /* Q: h, i, d */
    e.t[1] = (SolIoTensor){.mask = 0x1 | 0x4 | 0x8, .bytes = 2, .mult = 1}; /* K: h, j, d */
    e.t[2] = (SolIoTensor){.mask = 0x1 | 0x2 | 0x4, .bytes = 2, .mult = 1, .output = true};
    e.fiber = true;
    e.reduce_mask = 0x8;
    e.box = true;
    return e;
}

static void test_attention(void)
{
    SolIoEinsum e = attention();
    EXPECT(e.points == 68719476736.0);
    SolIoModel m;
    sol_io_model(&e, &m);
    EXPECT(m.fiber && !m.unbounded && m.na > 0);
    /* F_a(X) = X^2 / (16 d) in bytes for fp16, i.e. (S+T)^2/(4d) in elements. */
    bool found = false;
    for (uint32_t k = 0; k < m.na; k++)
        found |= fabs(m.a[k].sigma - 2) < 1e-12 && fabs(m.a[k].log_k + log(16.0 * 128)) < 1e-9;
    EXPECT(found);
    /* DRAM and L2-GPC: 0. */
    EXPECT(sol_io_segment(&m, e.points, H100_CHIP, H100_CHIP, 0) == 0);
    EXPECT(sol_io_segment(&m, e.points, H100_GPC, H100_SMS, 0) == 0);
    /* The note's F_attn keeps one law per part, (S+T)^2/(4d) + ((2S+T)/3)^(3/2): with those
     * alone, L2 with per-SM processors gives 6,671,740 el. (below compulsory), and one SM of
     * S = 262,144 el. (P = 1) gives 26,793,130 el. on the grid (F(T = S) = 671,088,640,
     * W/F = 102.4, 26,581,401 el. at T = S). */
    SolIoModel note = m;
    note.na = 1, note.a[0] = (SolIoLaw){2, -log(16.0 * 128)};
    note.nb = 1, note.b[0] = (SolIoLaw){1.5, -1.5 * log(6.0)};
    double f = 0.25 * pow(2 * 262144.0, 2) / 128 + pow(3 * 262144.0 / 3, 1.5);
    EXPECT(f == 671088640.0 && fabs(e.points / f - 102.4) < 1e-12);
    EXPECT(floor(262144 * (e.points / f - 1)) == 26581401);
    uint64_t per_sm = (uint64_t)floor(sol_io_segment(&note, e.points, H100_SM, H100_SMS, 0) / 2);
    EXPECT(per_sm == 6671740);
    uint64_t one = (uint64_t)floor(sol_io_segment(&note, e.points, 524288, 524288, 0) / 2);
    EXPECT(one == 26793130);
    /* The LP's other vertices (each partial score has at most d products, each query row
     * meets at most N keys) are valid too and only raise these figures. */
    EXPECT(sol_io_segment(&m, e.points, H100_SM, H100_SMS, 0) / 2 >= 6671740);
    EXPECT(sol_io_segment(&m, e.points, 524288, 524288, 0) / 2 >= 26793130);
}

/* §11: the grid is never below the closed form; non-increasing in S; zero when it fits. */
static void test_invariants(void)
{
    SolIoEinsum e = matmul(8192, 8192, 8192, 2);
    SolIoModel m;
    sol_io_model(&e, &m);
    double prev = INFINITY;
    for (double s = 1 << 16; s <= 1e10; s *= 1.37) {
        double q = sol_io_segment(&m, e.points, s, s, 2);
        EXPECT(q >= 0 && q <= prev);
        double se = s / 2, closed = 2 * (sqrt(2) * e.points / sqrt(se) - 4 * se);
        EXPECT(sol_io_segment(&m, e.points, s, s, 0) >= closed * (1 - 1e-12)); /* no b_max */
        prev = q;
    }
    /* A skinny matmul (GEMV-like): the loop-bound vertices keep it near compulsory. */
    e = matmul(4096, 1, 4096, 4);
    sol_io_model(&e, &m);
    double q = sol_io_segment(&m, e.points, 1 << 20, 1 << 20, 4);
    EXPECT(q <= 4.0 * (4096.0 * 4096 + 4096 + 4096));
    /* The whole footprint within 2S: no segment term. */
    e = matmul(64, 64, 64, 4);
    sol_io_model(&e, &m);
    EXPECT(sol_io_segment(&m, e.points, 3 * 64 * 64 * 4 / 2, 3 * 64 * 64 * 4 / 2, 4) == 0);
    /* Attention: non-increasing in S as well. */
    e = attention();
    sol_io_model(&e, &m);
    prev = INFINITY;
    for (double s = 1 << 14; s <= 1e9; s *= 1.5) {
        q = sol_io_segment(&m, e.points, s, s, 2);
        EXPECT(q >= 0 && q <= prev * (1 + 1e-12));
        prev = q;
    }
}

int main(void)
{
    test_gemm();
    test_small_sram();
    test_conv();
    test_attention();
    test_invariants();
    return failures ? 1 : 0;
}

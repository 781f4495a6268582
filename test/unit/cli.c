/*
 * Unit test of the shared command-line flags (lib/Support/cli.h): lookup by name and alias,
 * `--flag=value`, `--flag value`, `-oVALUE`, the usage errors word for word (missing value,
 * unwanted value, unknown flag with and without a suggestion, extra candidates), operands
 * (`-` and everything after `--`), callbacks stopping the parse, a flag whose value is optional
 * (`--emit[=LEVEL]`), and the --help columns.
 * Exit status 0 = pass.
 */
#include "Support/cli.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

#define EXPECT_STR(got, want) expect_str(__LINE__, (got), (want))
static void expect_str(int line, const char *got, const char *want)
{
    if (!got || strcmp(got, want) != 0) {
        fprintf(stderr, "%s:%d: got\n---\n%s\n---\nwant\n---\n%s\n---\n", __FILE__, line,
                got ? got : "(null)", want);
        failures++;
    }
}

enum { F_OUT, F_SEED, F_PRINT, F_HELP, F_BIND, F_EMIT };

static const SolFlag flags[] = {
    {"-o", F_OUT, "OUT", "where the result goes"},
    {"--seed", F_SEED, "S", "the seed"},
    {"--print", F_PRINT, NULL, "print it"},
    {"--help", F_HELP, NULL, "print this help"},
    {"--bind", F_BIND, "N=V,...", "sizes"},
    {"--emit", F_EMIT, "[=LEVEL]", "emit at LEVEL"},
};
enum { NUM_FLAGS = sizeof flags / sizeof flags[0] };
static const char *const aliases[] = {"-h", "--help", "--verbose", "--print", "-x", "--nope",
                                      NULL};

/* A parse's record: what the callbacks saw, one line per call. */
typedef struct Seen {
    char log[512];
    int stop_at; /* the callback call that returns false (1-based); 0: never */
    int calls;
} Seen;

static bool on_flag(void *user, const SolFlag *f, char *value)
{
    Seen *s = user;
    size_t n = strlen(s->log);
    snprintf(s->log + n, sizeof s->log - n, "%s=%s;", f->name, value ? value : "(none)");
    return ++s->calls != s->stop_at;
}

static bool on_operand(void *user, char *arg)
{
    Seen *s = user;
    size_t n = strlen(s->log);
    snprintf(s->log + n, sizeof s->log - n, "operand %s;", arg);
    return ++s->calls != s->stop_at;
}

/* Parses the NULL-terminated words after argv[0]; *err gets what went to the error stream. */
static bool parse(Seen *s, char **err, int stop_at, const char *const *words)
{
    char *argv[32] = {"tool"};
    char copies[32][64];
    int argc = 1;
    for (; words[argc - 1]; argc++) {
        snprintf(copies[argc], sizeof copies[argc], "%s", words[argc - 1]);
        argv[argc] = copies[argc];
    }
    size_t len;
    FILE *ef = open_memstream(err, &len);
    SolCli cli = {.tool = "tool", .flags = flags, .num_flags = NUM_FLAGS, .aliases = aliases,
                  .help_width = 12, .err = ef};
    memset(s, 0, sizeof *s);
    s->stop_at = stop_at;
    bool ok = sol_cli_parse(&cli, argc, argv, on_flag, on_operand, s);
    fclose(ef);
    return ok;
}

#define WORDS(...) ((const char *const[]){__VA_ARGS__, NULL})

static void test_parse(void)
{
    Seen s;
    char *err;
    EXPECT(parse(&s, &err, 0, WORDS("a.mlir", "--seed=3", "--seed", "4", "--print", "-o",
                                    "x", "-oy=z", "-o=w", "-", "--bind", "N=1,M=2")));
    EXPECT_STR(s.log, "operand a.mlir;--seed=3;--seed=4;--print=(none);-o=x;-o=y=z;-o=w;"
                      "operand -;--bind=N=1,M=2;");
    EXPECT_STR(err, "");
    free(err);

    /* Aliases resolve to the flag; one naming no flag is unknown. After `--`, all operands. */
    EXPECT(parse(&s, &err, 0, WORDS("-h", "--verbose", "--", "--print", "-h", "--")));
    EXPECT_STR(s.log, "--help=(none);--print=(none);operand --print;operand -h;operand --;");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("-x")));
    EXPECT_STR(err, "tool: error: unknown option '-x'; did you mean '-o'?\n");
    free(err);

    /* A value taken from the next word may start with '-'. */
    EXPECT(parse(&s, &err, 0, WORDS("--seed", "--print")));
    EXPECT_STR(s.log, "--seed=--print;");
    free(err);

    /* `--seed=` is an empty value, not a missing one. */
    EXPECT(parse(&s, &err, 0, WORDS("--seed=")));
    EXPECT_STR(s.log, "--seed=;");
    free(err);
}

/* `--emit[=LEVEL]`: a value only after '=', never the next word; no "needs a value". */
static void test_optional_value(void)
{
    Seen s;
    char *err;
    EXPECT(parse(&s, &err, 0, WORDS("--emit", "L2", "--emit=L1", "--emit=", "--emit")));
    EXPECT_STR(s.log, "--emit=(none);operand L2;--emit=L1;--emit=;--emit=(none);");
    EXPECT_STR(err, "");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("--emitt")));
    EXPECT_STR(err, "tool: error: unknown option '--emitt'; did you mean '--emit'?\n");
    free(err);
}

static void test_errors(void)
{
    Seen s;
    char *err;
    EXPECT(!parse(&s, &err, 0, WORDS("a", "--seed")));
    EXPECT_STR(err, "tool: error: option '--seed' needs a value: --seed S\n");
    EXPECT_STR(s.log, "operand a;");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("-o")));
    EXPECT_STR(err, "tool: error: option '-o' needs a value: -o OUT\n");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("--print=1", "--seed", "2")));
    EXPECT_STR(err, "tool: error: option '--print' takes no value\n");
    EXPECT_STR(s.log, ""); /* nothing after the error is applied */
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("-h=1")));
    EXPECT_STR(err, "tool: error: option '--help' takes no value\n");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("--pirnt=3")));
    EXPECT_STR(err, "tool: error: unknown option '--pirnt'; did you mean '--print'?\n");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("--xyzzyq")));
    EXPECT_STR(err, "tool: error: unknown option '--xyzzyq'; see tool --help\n");
    free(err);
    /* -pVALUE is only for one-letter flags with a value. */
    EXPECT(!parse(&s, &err, 0, WORDS("-hx")));
    EXPECT_STR(err, "tool: error: unknown option '-hx'; did you mean '-o'?\n");
    free(err);
    EXPECT(!parse(&s, &err, 0, WORDS("---print")));
    EXPECT_STR(err, "tool: error: unknown option '---print'; did you mean '--print'?\n");
    free(err);

    /* A callback's false stops the parse at once, with nothing more reported. */
    EXPECT(!parse(&s, &err, 2, WORDS("a", "--print", "b", "--bogus")));
    EXPECT_STR(s.log, "operand a;--print=(none);");
    EXPECT_STR(err, "");
    free(err);
    EXPECT(!parse(&s, &err, 1, WORDS("a", "b")));
    EXPECT_STR(s.log, "operand a;");
    free(err);
}

/* The pieces a tool with its own argument kinds (solar-opt's pass flags) uses. */
static void test_pieces(void)
{
    char *err;
    size_t len;
    FILE *ef = open_memstream(&err, &len);
    SolCli cli = {.tool = "t", .flags = flags, .num_flags = NUM_FLAGS, .err = ef};
    char arg[] = "--fuse=max=1";
    size_t name_len;
    char *value;
    EXPECT(sol_cli_match(&cli, arg, &name_len, &value) == NULL);
    EXPECT(name_len == 6 && value == arg + 7);
    EXPECT(sol_cli_find(&cli, "-h", 2) == NULL); /* no aliases in this table */
    EXPECT(sol_cli_find(&cli, "--seedy", 6) == &flags[1]);
    const char *passes[] = {"--fuse", "--lift-einsum"};
    sol_cli_report_unknown(&cli, "--lift-einsun", 13, passes, 2);
    sol_cli_report_unknown(&cli, "--prin", 6, passes, 2);
    char *argv[] = {"t", "--seed"};
    int i = 1;
    value = NULL;
    EXPECT(!sol_cli_take_value(&cli, &flags[1], 2, argv, &i, &value) && i == 1);
    char *argv2[] = {"t", "--seed", "7"};
    EXPECT(sol_cli_take_value(&cli, &flags[1], 3, argv2, &i, &value));
    EXPECT(i == 2 && value == argv2[2]);
    fclose(ef);
    EXPECT_STR(err, "t: error: unknown option '--lift-einsun'; did you mean '--lift-einsum'?\n"
                    "t: error: unknown option '--prin'; did you mean '--print'?\n"
                    "t: error: option '--seed' needs a value: --seed S\n");
    free(err);
}

static void test_help(void)
{
    char *out;
    size_t len;
    FILE *f = open_memstream(&out, &len);
    SolCli cli = {.tool = "t", .flags = flags, .num_flags = NUM_FLAGS, .help_width = 12};
    sol_cli_print_flags(&cli, f);
    fclose(f);
    /* Padded like "%-12s"; a longer left column pushes its text one space further. */
    EXPECT_STR(out, "  -o OUT       where the result goes\n"
                    "  --seed S     the seed\n"
                    "  --print      print it\n"
                    "  --help       print this help\n"
                    "  --bind N=V,... sizes\n"
                    "  --emit[=LEVEL] emit at LEVEL\n");
    free(out);
}

int main(void)
{
    test_parse();
    test_optional_value();
    test_errors();
    test_pieces();
    test_help();
    return failures ? 1 : 0;
}

/*
 * Unit test of lib/Translate, the parts of solar-translate that need no server: SHA-256 (the
 * FIPS 180-4 test vectors, streaming in odd pieces), fenced-code extraction (tags, several
 * blocks, @forward preference, tildes, longer fences, unclosed and reasoning sections),
 * chat JSON (request with escapes, replies as text or parts, error bodies, garbage), the
 * URL rules (loopback hosts, plain http refused elsewhere, display without credentials),
 * redaction, the cache (round trip, miss, corrupt files, another key), the tolerance rule of
 * output comparison, the language of a source, and the prompt's deterministic text.
 * Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "Exec/tolerance.h"
#include "Translate/cache.h"
#include "Translate/chat.h"
#include "Translate/compare.h"
#include "Translate/extract.h"
#include "Support/sha256.h"
#include "Translate/llm.h"
#include "Translate/prompt.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static void test_sha256(void)
{
    char hex[65];
    sol_sha256_hex("", 0, hex);
    EXPECT_STR(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    sol_sha256_hex("abc", 3, hex);
    EXPECT_STR(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sol_sha256_hex(two, strlen(two), hex);
    EXPECT_STR(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    /* One million 'a', fed in pieces of 1, 7, 64, 1000 ... bytes. */
    char *a = malloc(1000000);
    memset(a, 'a', 1000000);
    SolSha256 s;
    sol_sha256_init(&s);
    size_t done = 0, step = 1;
    while (done < 1000000) {
        size_t n = step < 1000000 - done ? step : 1000000 - done;
        sol_sha256_update(&s, a + done, n);
        done += n;
        step = step * 7 + 1;
    }
    sol_sha256_hex_final(&s, hex);
    EXPECT_STR(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    /* Lengths around the padding boundary agree between one-shot and byte-by-byte. */
    for (size_t len = 50; len < 70; len++) {
        char one[65], bytes[65];
        sol_sha256_hex(a, len, one);
        sol_sha256_init(&s);
        for (size_t i = 0; i < len; i++)
            sol_sha256_update(&s, a + i, 1);
        sol_sha256_hex_final(&s, bytes);
        EXPECT(strcmp(one, bytes) == 0);
    }
    free(a);
}

static char *code_of(const char *reply)
{
    SolExtract e = sol_extract_ir(reply, strlen(reply));
    if (e.status != SOL_EXTRACT_OK)
        return NULL;
    return sol_xstrndup(e.code.ptr, e.code.len);
}

#define EXPECT_CODE(reply, want)                                                                   \
    do {                                                                                           \
        char *c_ = code_of(reply);                                                                 \
        EXPECT_STR(c_, want);                                                                      \
        free(c_);                                                                                  \
    } while (0)

static void test_extract(void)
{
    EXPECT_CODE("Here:\n```mlir\nfunc.func @forward() {\n}\n```\nDone.",
                "func.func @forward() {\n}\n");
    /* Untagged blocks count when no block is tagged; other languages never. */
    EXPECT_CODE("```\nA\n```\n", "A\n");
    EXPECT(sol_extract_ir("```python\nx = 1\n```\n", 21).status == SOL_EXTRACT_NO_BLOCK);
    EXPECT(sol_extract_ir("no code at all", 14).status == SOL_EXTRACT_NO_BLOCK);
    EXPECT(sol_extract_ir("", 0).status == SOL_EXTRACT_NO_BLOCK);
    EXPECT_CODE("```python\nx\n```\n```\nplain\n```\n", "plain\n");
    /* A tagged block beats an untagged one; the last block with @forward wins. */
    EXPECT_CODE("```\n@forward plain\n```\n```mlir\ntagged\n```\n", "tagged\n");
    EXPECT_CODE("```mlir\n@forward one\n```\n```mlir\n@forward two\n```\n", "@forward two\n");
    EXPECT_CODE("```mlir\n@forward one\n```\n```mlir\nhelper only\n```\n", "@forward one\n");
    EXPECT_CODE("```mlir\nfirst\n```\n```mlir\nsecond\n```\n", "second\n");
    /* Case, info strings, tildes, CRLF, indentation up to 3, longer fences. */
    EXPECT_CODE("```MLIR {.numberLines}\nX\n```\n", "X\n");
    EXPECT_CODE("~~~mlir\nT\n~~~\n", "T\n");
    EXPECT_CODE("```mlir\r\nW\r\n```\r\n", "W\r\n");
    EXPECT_CODE("   ```mlir\nI\n   ```\n", "I\n");
    EXPECT_CODE("````mlir\n```\ninner\n```\n````\n", "```\ninner\n```\n");
    EXPECT_CODE("```mlir\nempty next\n```", "empty next\n");
    /* `mlirx` is another language; inline ```code``` is no fence. */
    EXPECT(sol_extract_ir("```mlirx\nA\n```\n", 15).status == SOL_EXTRACT_NO_BLOCK);
    EXPECT(sol_extract_ir("use ```x``` here\n", 17).status == SOL_EXTRACT_NO_BLOCK);
    /* Unclosed: cut off. */
    static const char cut[] = "```mlir\nfunc.func @forward(";
    EXPECT(sol_extract_ir(cut, strlen(cut)).status == SOL_EXTRACT_UNCLOSED);
    /* Reasoning before </think> is ignored, even with code blocks in it. */
    EXPECT_CODE("<think>\n```mlir\n@forward draft\n```\n</think>\n```mlir\nfinal\n```\n",
                "final\n");
    static const char only_think[] = "<think>```mlir\n@forward\n```</think>no block";
    EXPECT(sol_extract_ir(only_think, strlen(only_think)).status == SOL_EXTRACT_NO_BLOCK);
    /* Line numbers of the block's first line. */
    static const char lines[] = "a\nb\n```mlir\nX\n```\n";
    SolExtract e = sol_extract_ir(lines, strlen(lines));
    EXPECT(e.status == SOL_EXTRACT_OK && e.first_line == 4 && e.num_blocks == 1);
    /* Bytes of every value do not crash it. */
    char junk[512];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (char)(i * 37 + (i >> 3));
    memcpy(junk + 100, "```mlir\n", 8);
    (void)sol_extract_ir(junk, sizeof junk);
}

static void test_chat(void)
{
    SolChat c = {0};
    sol_chat_add(&c, SOL_CHAT_SYSTEM, "sys", 3);
    sol_chat_add(&c, SOL_CHAT_USER, "a \"q\"\n\tb\\", 10);
    sol_chat_add(&c, SOL_CHAT_ASSISTANT, "r", 1);
    char *req = sol_chat_request_new(&c, "m-1", -1);
    EXPECT_STR(req, "{\"model\":\"m-1\",\"messages\":[{\"role\":\"system\",\"content\":\"sys\"},"
                    "{\"role\":\"user\",\"content\":\"a \\\"q\\\"\\n\\tb\\\\\"},"
                    "{\"role\":\"assistant\",\"content\":\"r\"}]}");
    free(req);
    req = sol_chat_request_new(&c, "m", 0.5);
    EXPECT(strstr(req, "\"temperature\":0.5") != NULL);
    free(req);
    sol_chat_free(&c);

    SolChatReply r;
    SolBuf err = {0};
    static const char ok[] = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":"
                             "\"hi\\nthere\"},\"finish_reason\":\"length\"}]}";
    EXPECT(sol_chat_reply_parse(ok, strlen(ok), &r, &err));
    EXPECT_STR(r.content, "hi\nthere");
    EXPECT_STR(r.finish_reason, "length");
    sol_chat_reply_free(&r);
    static const char parts[] = "{\"choices\":[{\"message\":{\"content\":[{\"type\":\"text\","
                                "\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}]}}]}";
    EXPECT(sol_chat_reply_parse(parts, strlen(parts), &r, &err));
    EXPECT_STR(r.content, "ab");
    EXPECT(r.finish_reason == NULL);
    sol_chat_reply_free(&r);
    static const char e1[] = "{\"error\":{\"message\":\"bad key\",\"type\":\"auth\"}}";
    EXPECT(!sol_chat_reply_parse(e1, strlen(e1), &r, &err));
    EXPECT_STR(err.data, "the endpoint answered with an error: bad key");
    err.len = 0;
    EXPECT(!sol_chat_reply_parse("[1,2]", 5, &r, &err));
    EXPECT_STR(err.data, "the reply is not a JSON object");
    err.len = 0;
    static const char null_content[] = "{\"choices\":[{\"message\":{\"content\":null}}]}";
    EXPECT(!sol_chat_reply_parse(null_content, strlen(null_content), &r, &err));
    EXPECT_STR(err.data, "the reply's message has no content");
    err.len = 0;
    EXPECT(!sol_chat_reply_parse("not json", 8, &r, &err));
    sol_buf_free(&err);
    char *m = sol_chat_error_message_new(e1, strlen(e1));
    EXPECT_STR(m, "bad key");
    free(m);
    m = sol_chat_error_message_new("{\"error\":\"plain\"}", 17);
    EXPECT_STR(m, "plain");
    free(m);
    EXPECT(sol_chat_error_message_new("<html>", 6) == NULL);
}

static void test_urls(void)
{
    EXPECT(sol_llm_host_is_loopback("localhost"));
    EXPECT(sol_llm_host_is_loopback("LOCALHOST"));
    EXPECT(sol_llm_host_is_loopback("api.localhost"));
    EXPECT(sol_llm_host_is_loopback("127.0.0.1"));
    EXPECT(sol_llm_host_is_loopback("127.255.3.4"));
    EXPECT(sol_llm_host_is_loopback("[::1]"));
    EXPECT(sol_llm_host_is_loopback("::1"));
    EXPECT(!sol_llm_host_is_loopback("128.0.0.1"));
    EXPECT(!sol_llm_host_is_loopback("127.0.0.1.evil.com"));
    EXPECT(!sol_llm_host_is_loopback("127.0.0.256"));
    EXPECT(!sol_llm_host_is_loopback("localhost.evil.com"));
    EXPECT(!sol_llm_host_is_loopback("0.0.0.0"));
    EXPECT(!sol_llm_host_is_loopback(""));

    SolBuf shown = {0}, err = {0};
    EXPECT(
        sol_llm_url_check("https://u:secret@api.example.com/v1/?k=secret#f", false, &shown, &err));
    EXPECT_STR(shown.data, "https://api.example.com/v1");
    shown.len = 0;
    EXPECT(sol_llm_url_check("http://127.0.0.1:8000/v1", false, &shown, &err));
    EXPECT(sol_llm_url_check("http://localhost:11434/v1/", false, NULL, &err));
    EXPECT(sol_llm_url_check("http://[::1]:8000/v1", false, NULL, &err));
    EXPECT(!sol_llm_url_check("http://192.168.1.2:8000/v1", false, NULL, &err));
    EXPECT(strstr(err.data, "refusing plain http to 192.168.1.2") != NULL);
    err.len = 0;
    EXPECT(sol_llm_url_check("http://192.168.1.2:8000/v1", true, NULL, &err));
    EXPECT(!sol_llm_url_check("file:///etc/passwd", true, NULL, &err));
    err.len = 0;
    EXPECT(!sol_llm_url_check("gopher://127.0.0.1/", true, NULL, &err));
    EXPECT(!sol_llm_url_check("", true, NULL, &err));
    sol_buf_free(&shown), sol_buf_free(&err);

    SolBuf b = {0};
    sol_buf_puts(&b, "key sk-1 and sk-1sk-1 end sk-");
    sol_llm_redact(&b, "sk-1");
    EXPECT_STR(b.data, "key [redacted] and [redacted][redacted] end sk-");
    sol_llm_redact(&b, NULL);
    sol_llm_redact(&b, "");
    sol_llm_redact(&b, "end"); /* too short to be a secret */
    EXPECT_STR(b.data, "key [redacted] and [redacted][redacted] end sk-");
    b.len = 0;
    sol_buf_puts(&b, "sk-1");
    sol_llm_redact(&b, "sk-1");
    EXPECT_STR(b.data, "[redacted]");
    sol_buf_free(&b);
}

static void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        for (struct dirent *e; d && (e = readdir(d));) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            SolBuf child = {0};
            sol_buf_printf(&child, "%s/%s", path, e->d_name);
            remove_tree(child.data);
            sol_buf_free(&child);
        }
        if (d)
            closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static void test_cache(void)
{
    char dir[] = "/tmp/solar-unit-cache-XXXXXX";
    EXPECT(mkdtemp(dir) != NULL);
    SolBuf path = {0}, err = {0}, got = {0};
    sol_buf_printf(&path, "%s/nested/cache", dir);
    SolCache c;
    sol_cache_open(&c, path.data);
    char k1[65], k2[65];
    sol_cache_key("{\"model\":\"a\"}", k1);
    sol_cache_key("{\"model\":\"b\"}", k2);
    EXPECT(strcmp(k1, k2) != 0 && strlen(k1) == 64);
    EXPECT(!sol_cache_get(&c, k1, &got, NULL));
    EXPECT(sol_cache_put(&c, k1, "a", "reply \"one\"\n", "length", &err));
    char *fr = NULL;
    EXPECT(sol_cache_get(&c, k1, &got, &fr));
    EXPECT_STR(got.data, "reply \"one\"\n");
    EXPECT_STR(fr, "length");
    free(fr);
    EXPECT(!sol_cache_get(&c, k2, &got, NULL));
    /* A file that holds another key, or garbage, is a miss. */
    SolBuf f = {0};
    sol_buf_printf(&f, "%s/translate/%.2s/%s.json", path.data, k2, k2);
    EXPECT(sol_cache_put(&c, k2, "b", "two", NULL, &err));
    FILE *fp = fopen(f.data, "w");
    fputs("{\"key\": \"", fp);
    fputs(k1, fp);
    fputs("\", \"content\": \"wrong\"}", fp);
    fclose(fp);
    got.len = 0;
    EXPECT(!sol_cache_get(&c, k2, &got, NULL));
    fp = fopen(f.data, "w");
    fputs("{not json", fp);
    fclose(fp);
    EXPECT(!sol_cache_get(&c, k2, &got, NULL));
    struct stat st;
    SolBuf top = {0};
    sol_buf_printf(&top, "%s/translate", path.data);
    EXPECT(stat(top.data, &st) == 0 && (st.st_mode & 0777) == 0700);
    sol_cache_close(&c);
    /* Off: nothing read, nothing written. */
    SolCache off = {0};
    EXPECT(!sol_cache_get(&off, k1, &got, NULL));
    EXPECT(sol_cache_put(&off, k1, "a", "x", NULL, &err));
    remove_tree(dir);
    EXPECT(stat(dir, &st) != 0);
    sol_buf_free(&path), sol_buf_free(&err), sol_buf_free(&got), sol_buf_free(&f);
    sol_buf_free(&top);
}

static void fill(SolTensor *t, SolElemKind k, uint32_t n, const double *v)
{
    int64_t dims[1] = {n};
    sol_tensor_init(t, k, 1, dims, 1 << 20);
    for (uint32_t i = 0; i < n; i++)
        sol_tensor_set_f64(t, i, v[i]);
}

static void test_compare(void)
{
    SolTensor a, b;
    SolBuf rep = {0};
    SolCompareResult res;
    double r[4] = {1, -2, 0, 3}, g[4] = {1, -2, 0, 3.0002};
    fill(&a, SOL_ELEM_F32, 4, g);
    fill(&b, SOL_ELEM_F32, 4, r);
    /* 2e-4 off at |ref| 3: atol 1e-5 * 3 + rtol 1e-4 * 3 = 3.3e-4: within. */
    EXPECT(sol_compare_tensors("Y", &a, &b, 1e-4, 1e-5, 5, &rep, &res));
    EXPECT(res.num_bad == 0 && res.max_abs > 1.9e-4 && res.max_abs < 2.1e-4);
    sol_tensor_free(&a);
    double g2[4] = {1, -2, 0.001, 3};
    fill(&a, SOL_ELEM_F32, 4, g2);
    rep.len = 0;
    EXPECT(!sol_compare_tensors("Y", &a, &b, 1e-4, 1e-5, 5, &rep, &res));
    EXPECT(res.num_bad == 1);
    EXPECT(strstr(rep.data, "Y[2]: got 0.001") != NULL);
    sol_tensor_free(&a);
    /* NaN matches NaN; NaN against a number and inf against -inf do not. */
    double n1[3] = {NAN, INFINITY, 1}, n2[3] = {NAN, INFINITY, NAN}, n3[3] = {NAN, -INFINITY, 1};
    sol_tensor_free(&b);
    fill(&a, SOL_ELEM_F64, 3, n1);
    fill(&b, SOL_ELEM_F64, 3, n1);
    EXPECT(sol_compare_tensors("Z", &a, &b, 0, 0, 5, &rep, &res));
    sol_tensor_free(&b);
    fill(&b, SOL_ELEM_F64, 3, n2);
    EXPECT(!sol_compare_tensors("Z", &a, &b, 1, 1, 5, &rep, &res) && res.num_bad == 1);
    sol_tensor_free(&b);
    fill(&b, SOL_ELEM_F64, 3, n3);
    EXPECT(!sol_compare_tensors("Z", &a, &b, 1, 1, 5, &rep, &res) && res.num_bad == 1);
    sol_tensor_free(&a), sol_tensor_free(&b);
    /* Integers are exact; shapes and kinds must agree. */
    double i1[2] = {3, 4}, i2[2] = {3, 5};
    fill(&a, SOL_ELEM_I64, 2, i1);
    fill(&b, SOL_ELEM_I64, 2, i2);
    rep.len = 0;
    EXPECT(!sol_compare_tensors("I", &a, &b, 1, 1, 5, &rep, &res));
    EXPECT(strstr(rep.data, "exact") != NULL);
    sol_tensor_free(&b);
    fill(&b, SOL_ELEM_I32, 2, i1);
    EXPECT(!sol_compare_tensors("I", &a, &b, 1, 1, 5, &rep, &res) && res.same_shape == false);
    sol_tensor_free(&b);
    fill(&b, SOL_ELEM_I64, 1, i1);
    rep.len = 0;
    EXPECT(!sol_compare_tensors("I", &a, &b, 1, 1, 5, &rep, &res));
    EXPECT_STR(rep.data, "I: shape [2], expected [1]\n");
    sol_tensor_free(&a), sol_tensor_free(&b);
    /* At most `worst` elements are listed, the worst first. */
    double w1[6] = {0, 0, 0, 0, 0, 0}, w2[6] = {1, 5, 2, 4, 3, 6};
    fill(&a, SOL_ELEM_F32, 6, w1);
    fill(&b, SOL_ELEM_F32, 6, w2);
    rep.len = 0;
    EXPECT(!sol_compare_tensors("W", &a, &b, 0, 0, 2, &rep, &res) && res.num_bad == 6);
    const char *p5 = strstr(rep.data, "W[5]"), *p1 = strstr(rep.data, "W[1]");
    EXPECT(p5 && p1 && p5 < p1 && !strstr(rep.data, "W[3]"));
    SolTolerance bt = sol_tolerance_default(SOL_ELEM_BF16);
    EXPECT(bt.rtol == 3e-2 && bt.atol == 3e-2);
    sol_tensor_free(&a), sol_tensor_free(&b);
    sol_buf_free(&rep);
}

static void test_language_and_prompt(void)
{
    static const char torch_src[] = "import torch\nimport torch.nn as nn\n";
    static const char jax_src[] = "import os\nimport numpy as np, jax.numpy as jnp\n";
    static const char flax_src[] = "\n  from flax import linen\n";
    static const char fake[] = "import jaxtyping\nfrom jaxlib import x\n# import jax\n";
    unsigned line;
    EXPECT(sol_source_language(torch_src, strlen(torch_src), &line) == SOL_LANG_PYTORCH && !line);
    EXPECT(sol_source_language(jax_src, strlen(jax_src), &line) == SOL_LANG_JAX && line == 2);
    EXPECT(sol_source_language(flax_src, strlen(flax_src), &line) == SOL_LANG_JAX && line == 2);
    EXPECT(sol_source_language(fake, strlen(fake), NULL) == SOL_LANG_PYTORCH);

    SolBuf b = {0};
    sol_prompt_ssa_name(&b, "fc.weight");
    EXPECT_STR(b.data, "fc_weight");
    b.len = 0;
    sol_prompt_ssa_name(&b, "0x");
    EXPECT_STR(b.data, "v0x");
    b.len = 0;
    /* The system prompt holds the dialect reference and the embedded examples. */
    sol_prompt_system(&b);
    EXPECT(strstr(b.data, "# The dialect") != NULL);
    EXPECT(strstr(b.data, "## linear_bias_relu") != NULL);
    EXPECT(strstr(b.data, "func.func @forward(") != NULL);
    EXPECT(strstr(b.data, "// sizes.small") == NULL);
    SolBuf again = {0};
    sol_prompt_system(&again);
    EXPECT(b.len == again.len && memcmp(b.data, again.data, b.len) == 0);
    b.len = 0;
    /* A follow-up keeps a bounded part of huge details, cut at a UTF-8 boundary. */
    size_t n = 20000;
    char *details = malloc(n + 1);
    for (size_t i = 0; i < n; i += 2)
        details[i] = (char)0xC3, details[i + 1] = (char)0xA9; /* é */
    details[n] = '\0';
    sol_prompt_followup(&b, 2, 4, "what", details);
    EXPECT(strncmp(b.data, "Attempt 2 of 4 failed: what\n", 28) == 0);
    EXPECT(b.len < 13000);
    EXPECT(strstr(b.data, "more bytes not shown") != NULL);
    const char *cut = strstr(b.data, "\n... (");
    EXPECT(cut && (unsigned char)cut[-1] == 0xA9);
    free(details);
    sol_buf_free(&b), sol_buf_free(&again);
}

int main(void)
{
    test_sha256();
    test_extract();
    test_chat();
    test_urls();
    test_cache();
    test_compare();
    test_language_and_prompt();
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    return failures ? 1 : 0;
}

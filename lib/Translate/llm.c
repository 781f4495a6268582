/*
 * One chat completion request with libcurl, with the safety rules of llm.h: the key only in
 * the Authorization header and redacted from everything else, http only to loopback, no
 * redirects, only http/https, connect and total timeouts, a cap on the reply size, and
 * bounded retries with backoff after 429, 5xx and failed connections.
 */
#include "Translate/llm.h"

#include "Translate/chat.h"

#include <curl/curl.h>
#include <errno.h>
#include <stdlib.h>
#include <strings.h>
#include <time.h>

enum { MAX_BACKOFF_S = 30, MAX_RETRY_AFTER_S = 60 };

bool sol_llm_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK; }
void sol_llm_global_cleanup(void) { curl_global_cleanup(); }

static const char *find(const char *p, const char *end, const char *s, size_t n)
{
    for (; (size_t)(end - p) >= n; p++)
        if (*p == *s && memcmp(p, s, n) == 0)
            return p;
    return NULL;
}

void sol_llm_redact(SolBuf *b, const char *secret)
{
    size_t n = secret ? strlen(secret) : 0;
    if (n < SOL_LLM_MIN_REDACT || !b->data)
        return;
    const char *p = b->data, *end = b->data + b->len;
    const char *q = find(p, end, secret, n);
    if (!q)
        return;
    SolBuf out = {0};
    for (; q; q = find(p, end, secret, n)) {
        sol_buf_append(&out, p, (size_t)(q - p));
        sol_buf_puts(&out, "[redacted]");
        p = q + n;
    }
    sol_buf_append(&out, p, (size_t)(end - p));
    sol_buf_free(b);
    *b = out;
}

bool sol_llm_host_is_loopback(const char *host)
{
    if (!host || !*host)
        return false;
    size_t n = strlen(host);
    if (strcasecmp(host, "localhost") == 0 ||
        (n > 10 && strcasecmp(host + n - 10, ".localhost") == 0))
        return true;
    if (strcmp(host, "::1") == 0 || strcmp(host, "[::1]") == 0)
        return true;
    /* 127.a.b.c, each part 0..255 in decimal */
    unsigned parts[4];
    int used = 0;
    if (sscanf(host, "%3u.%3u.%3u.%3u%n", &parts[0], &parts[1], &parts[2], &parts[3], &used) == 4 &&
        (size_t)used == n && parts[0] == 127 && parts[1] < 256 && parts[2] < 256 &&
        parts[3] < 256) {
        for (const char *c = host; *c; c++)
            if (*c != '.' && (*c < '0' || *c > '9'))
                return false;
        return true;
    }
    return false;
}

bool sol_llm_url_check(const char *base_url, bool allow_insecure, SolBuf *display, SolBuf *err)
{
    CURLU *u = curl_url();
    char *scheme = NULL, *host = NULL, *shown = NULL;
    bool ok = false;
    if (!u) {
        sol_buf_puts(err, "out of memory");
        return false;
    }
    if (curl_url_set(u, CURLUPART_URL, base_url, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK) {
        sol_buf_puts(err, "the LLM base URL is not a URL with a scheme and a host (for example "
                          "https://api.openai.com/v1)");
        goto done;
    }
    /* What messages may show: no user name, password, query or fragment. */
    curl_url_set(u, CURLUPART_USER, NULL, 0);
    curl_url_set(u, CURLUPART_PASSWORD, NULL, 0);
    curl_url_set(u, CURLUPART_QUERY, NULL, 0);
    curl_url_set(u, CURLUPART_FRAGMENT, NULL, 0);
    if (curl_url_get(u, CURLUPART_URL, &shown, 0) != CURLUE_OK) {
        sol_buf_puts(err, "the LLM base URL cannot be read back");
        goto done;
    }
    if (strcasecmp(scheme, "https") != 0 && strcasecmp(scheme, "http") != 0) {
        sol_buf_printf(err, "the LLM base URL %s uses '%s'; only http and https are supported",
                       shown, scheme);
        goto done;
    }
    if (strcasecmp(scheme, "http") == 0 && !allow_insecure && !sol_llm_host_is_loopback(host)) {
        sol_buf_printf(err,
                       "refusing plain http to %s: the API key and the source would cross the "
                       "network unencrypted; use https, a loopback address, or --allow-insecure",
                       host);
        goto done;
    }
    if (display) {
        size_t len = strlen(shown);
        while (len > 0 && shown[len - 1] == '/')
            len--;
        sol_buf_append(display, shown, len);
    }
    ok = true;
done:
    curl_free(scheme);
    curl_free(host);
    curl_free(shown);
    curl_url_cleanup(u);
    return ok;
}

/* ---- one transfer ------------------------------------------------------------------------- */

typedef struct Transfer {
    SolBuf *body;
    size_t max_bytes;
    bool too_large;
    double retry_after; /* seconds from a Retry-After header, -1 when none */
} Transfer;

static size_t on_data(char *data, size_t size, size_t n, void *user)
{
    Transfer *t = user;
    size_t len = size * n;
    if (t->body->len + len > t->max_bytes) {
        t->too_large = true;
        return 0; /* stops the transfer: CURLE_WRITE_ERROR */
    }
    sol_buf_append(t->body, data, len);
    return len;
}

static size_t on_header(char *data, size_t size, size_t n, void *user)
{
    Transfer *t = user;
    size_t len = size * n;
    static const char name[] = "retry-after:";
    if (len > sizeof name - 1 && strncasecmp(data, name, sizeof name - 1) == 0) {
        char value[32];
        size_t vlen = len - (sizeof name - 1);
        if (vlen >= sizeof value)
            vlen = sizeof value - 1;
        memcpy(value, data + sizeof name - 1, vlen);
        value[vlen] = '\0';
        char *end;
        double v = strtod(value, &end);
        if (end != value && v >= 0 && v < 1e6)
            t->retry_after = v; /* an HTTP date instead of seconds: use our own backoff */
    }
    return len;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void sleep_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* Printable text of an error body: the JSON error message, else its first line, shortened. */
static void describe_body(SolBuf *out, const SolBuf *body)
{
    if (!body->len)
        return;
    char *msg = sol_chat_error_message_new(body->data, body->len);
    const char *t = msg ? msg : body->data;
    size_t n = 0, max = 300;
    sol_buf_puts(out, ": ");
    for (; t[n] && n < max && t[n] != '\n'; n++)
        sol_buf_putc(out, (unsigned char)t[n] >= 32 && t[n] != 127 ? t[n] : '?');
    if (t[n] && t[n] != '\n')
        sol_buf_puts(out, "...");
    free(msg);
}

static const char *status_hint(long status)
{
    switch (status) {
    case 401:
    case 403:
        return " (check SOLAR_LLM_API_KEY)";
    case 404:
        return " (check the base URL: OpenAI-style servers answer at BASE/chat/completions, "
               "BASE usually ending in /v1)";
    default:
        return "";
    }
}

static bool retryable_curl(CURLcode c)
{
    return c == CURLE_COULDNT_CONNECT || c == CURLE_GOT_NOTHING || c == CURLE_SEND_ERROR ||
           c == CURLE_RECV_ERROR || c == CURLE_PARTIAL_FILE;
}

static void set_options(CURL *h, const SolLlmEndpoint *ep, const char *url, const char *body,
                        struct curl_slist *headers, Transfer *t, char *errbuf)
{
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, t);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, t);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(h, CURLOPT_USERAGENT, "solar-translate/0.1 (SOLAR-C)");
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, (long)(ep->connect_timeout_s * 1000));
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, (long)(ep->timeout_s * 1000));
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    /* A loopback server is never reached through a proxy from the environment. */
    CURLU *u = curl_url();
    char *host = NULL;
    if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
        curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK && sol_llm_host_is_loopback(host))
        curl_easy_setopt(h, CURLOPT_NOPROXY, "*");
    curl_free(host);
    curl_url_cleanup(u);
}

bool sol_llm_post(const SolLlmEndpoint *ep, const char *body, SolBuf *reply, SolLlmStats *stats,
                  SolBuf *err)
{
    SolLlmStats local = {0};
    stats = stats ? stats : &local;
    memset(stats, 0, sizeof *stats);
    SolBuf url = {0}, display = {0};
    if (!sol_llm_url_check(ep->base_url, true, &display, err)) {
        sol_buf_free(&display);
        return false;
    }
    /* BASE/chat/completions; a base that already ends so is used as it is. */
    size_t blen = strlen(ep->base_url);
    while (blen > 0 && ep->base_url[blen - 1] == '/')
        blen--;
    static const char path[] = "/chat/completions";
    bool full = blen >= sizeof path - 1 &&
                memcmp(ep->base_url + blen - (sizeof path - 1), path, sizeof path - 1) == 0;
    sol_buf_append(&url, ep->base_url, blen);
    if (!full)
        sol_buf_puts(&url, path);
    if (!full)
        sol_buf_puts(&display, path);

    struct curl_slist *headers = NULL;
    headers = curl_slist_append(headers, "Content-Type: application/json");
    headers = curl_slist_append(headers, "Accept: application/json");
    if (ep->api_key && *ep->api_key) {
        SolBuf auth = {0};
        sol_buf_printf(&auth, "Authorization: Bearer %s", ep->api_key);
        headers = curl_slist_append(headers, auth.data);
        memset(auth.data, 0, auth.len); /* no stray copy of the key left on the heap */
        sol_buf_free(&auth);
    }
    CURL *h = curl_easy_init();
    if (!h || !headers) {
        sol_buf_puts(err, "cannot start libcurl");
        curl_slist_free_all(headers);
        curl_easy_cleanup(h);
        sol_buf_free(&url), sol_buf_free(&display);
        return false;
    }
    char errbuf[CURL_ERROR_SIZE];
    Transfer t = {reply, ep->max_reply_bytes, false, -1};
    set_options(h, ep, url.data, body, headers, &t, errbuf);

    double start = now_s();
    bool ok = false;
    SolBuf last = {0};
    for (int attempt = 0;; attempt++) {
        reply->len = 0;
        if (reply->data)
            reply->data[0] = '\0';
        t.too_large = false;
        t.retry_after = -1;
        errbuf[0] = '\0';
        CURLcode cc = curl_easy_perform(h);
        stats->tries++;
        long status = 0;
        curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
        stats->status = status;
        bool retry = false;
        last.len = 0;
        if (last.data)
            last.data[0] = '\0';
        if (t.too_large) {
            sol_buf_printf(&last, "the reply from %s is larger than %zu bytes; stopped reading it",
                           display.data, ep->max_reply_bytes);
        } else if (cc == CURLE_OPERATION_TIMEDOUT) {
            sol_buf_printf(&last, "no answer from %s within the time limit (%s)", display.data,
                           errbuf[0] ? errbuf : curl_easy_strerror(cc));
        } else if (cc != CURLE_OK) {
            sol_buf_printf(&last, "cannot reach the LLM endpoint %s: %s", display.data,
                           errbuf[0] ? errbuf : curl_easy_strerror(cc));
            retry = retryable_curl(cc);
        } else if (status == 200) {
            ok = true;
            break;
        } else {
            sol_buf_printf(&last, "HTTP %ld from %s", status, display.data);
            describe_body(&last, reply);
            sol_buf_puts(&last, status_hint(status));
            retry = status == 429 || status == 408 || (status >= 500 && status != 501);
        }
        sol_llm_redact(&last, ep->api_key);
        if (!retry || attempt >= ep->retries)
            break;
        /* The server's Retry-After when it sent one, else 1, 2, 4, ... s; both capped. */
        double delay = (double)(1u << (attempt < 5 ? attempt : 5));
        if (delay > MAX_BACKOFF_S)
            delay = MAX_BACKOFF_S;
        if (t.retry_after >= 0)
            delay = t.retry_after < MAX_RETRY_AFTER_S ? t.retry_after : MAX_RETRY_AFTER_S;
        if (ep->progress)
            fprintf(ep->progress, "%s: %s; retrying in %g s (try %d of %d)\n",
                    ep->prog ? ep->prog : "solar", last.data, delay, attempt + 2, ep->retries + 1);
        sleep_s(delay);
    }
    stats->seconds = now_s() - start;
    if (ok) {
        sol_llm_redact(reply, ep->api_key);
        if (!reply->data)
            sol_buf_append(reply, "", 0);
    } else {
        sol_buf_append(err, last.data, last.len);
        if (stats->tries > 1)
            sol_buf_printf(err, " (%d tries in %.0f s)", stats->tries, stats->seconds);
    }
    sol_buf_free(&last);
    curl_slist_free_all(headers);
    curl_easy_cleanup(h);
    sol_buf_free(&url), sol_buf_free(&display);
    return ok;
}

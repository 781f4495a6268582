/*
 * Telling a JAX program from a PyTorch one by its imports (source_language.h).
 */
#include "Support/source_language.h"

#include <ctype.h>
#include <string.h>

SolSourceLang sol_source_language(const char *src, size_t len, unsigned *line)
{
    static const char *const roots[] = {"jax", "flax", "haiku", "optax"};
    const char *p = src, *end = src + len;
    unsigned no = 1;
    for (; p < end; no++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        const char *q = p;
        while (q < e && (*q == ' ' || *q == '\t'))
            q++;
        size_t kw = (size_t)(e - q) > 7 && memcmp(q, "import ", 7) == 0 ? 7
                    : (size_t)(e - q) > 5 && memcmp(q, "from ", 5) == 0 ? 5
                                                                        : 0;
        if (kw) {
            /* every module of `import a, b as c` (only the first for `from`) */
            for (q += kw;;) {
                while (q < e && (*q == ' ' || *q == '\t'))
                    q++;
                const char *w = q;
                while (q < e && (isalnum((unsigned char)*q) || *q == '_'))
                    q++;
                for (size_t r = 0; r < sizeof roots / sizeof roots[0]; r++)
                    if ((size_t)(q - w) == strlen(roots[r]) &&
                        memcmp(w, roots[r], (size_t)(q - w)) == 0) {
                        if (line)
                            *line = no;
                        return SOL_LANG_JAX;
                    }
                if (kw == 5)
                    break;
                while (q < e && *q != ',')
                    q++;
                if (q >= e)
                    break;
                q++;
            }
        }
        p = nl ? nl + 1 : end;
    }
    if (line)
        *line = 0;
    return SOL_LANG_PYTORCH;
}

const char *sol_source_language_name(SolSourceLang lang)
{
    return lang == SOL_LANG_JAX ? "JAX" : "PyTorch";
}

/*
 * Number and text formatting shared by the report writers (model.h). Times get three
 * decimals in the unit that fits; rates four significant digits and an SI prefix.
 */
#include "Analysis/Report/model.h"

#include <math.h>

void sol_report_fmt_time(char *buf, size_t size, double s)
{
    if (s == 0)
        snprintf(buf, size, "0 s");
    else if (s < 1e-6)
        snprintf(buf, size, "%.3f ns", s * 1e9);
    else if (s < 1e-3)
        snprintf(buf, size, "%.3f us", s * 1e6);
    else if (s < 1)
        snprintf(buf, size, "%.3f ms", s * 1e3);
    else
        snprintf(buf, size, "%.3f s", s);
}

void sol_report_fmt_rate(char *buf, size_t size, double v)
{
    static const char *const units[] = {"", "K", "M", "G", "T", "P", "E"};
    int u = 0;
    while (v >= 1000 && u < 6)
        v /= 1000, u++;
    snprintf(buf, size, "%.4g %s", v, units[u]);
}

void sol_report_fmt_ratio(char *buf, size_t size, double r)
{
    if (r < 0)
        snprintf(buf, size, "-");
    else if (isinf(r))
        snprintf(buf, size, "inf");
    else
        snprintf(buf, size, "%.3gx", r);
}

void sol_report_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

void sol_report_html_text(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
    }
}

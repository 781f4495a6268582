/*
 * The SOL report (report.h): builds the model once and hands it to the writer of the format.
 */
#include "Analysis/Report/report.h"

#include "Analysis/Report/model.h"

bool sol_report_print(FILE *out, const SolGraph *g, const SolBounds *bounds, uint32_t ndev,
                      const SolReportOptions *o)
{
    SolReportModel m;
    sol_report_model_build(&m, g, bounds, ndev, o);
    switch (o->format) {
    case SOL_REPORT_JSON:
        sol_report_print_json(out, &m);
        break;
    case SOL_REPORT_CSV:
        sol_report_print_csv(out, &m);
        break;
    case SOL_REPORT_HTML:
        sol_report_print_html(out, &m);
        break;
    default:
        sol_report_print_text(out, &m);
        break;
    }
    bool violated = m.violated;
    sol_report_model_free(&m);
    return violated;
}

/*
 * report_assets - the page's script and style, from report.js and report.css (turned into C
 * strings at build time by embed_text.sh).
 */
#ifndef HSAT_REPORT_ASSETS_H
#define HSAT_REPORT_ASSETS_H

extern const char report_js[];
extern const char report_css[];

#endif

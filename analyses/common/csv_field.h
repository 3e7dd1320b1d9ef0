/*
 * csv_field - one CSV field writer for every CSV output of the analyses (stats, analyze,
 * export): RFC 4180 quoting.
 *
 * csv_field_write(s, out) writes s as it is, or, when it holds a comma, a quote or a line
 * break, between quotes with each quote doubled.
 */
#ifndef HSAT_COMMON_CSV_FIELD_H
#define HSAT_COMMON_CSV_FIELD_H

#include <stdio.h>

void csv_field_write(const char *s, FILE *out);

#endif

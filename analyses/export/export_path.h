/*
 * export_path - the output of an export: a new name, or an existing one only with --force.
 *
 * export_path_tmp() names the temporary output written beside PATH (PATH.tmp-PID);
 * export_path_commit() renames it to PATH, replacing an existing file or folder of
 * exported CSV files when force is set (checked again here: it may have appeared meanwhile).
 */
#ifndef HSAT_EXPORT_PATH_H
#define HSAT_EXPORT_PATH_H

#include <stddef.h>

/* 0 when PATH may be written, -1 with err set when it exists and force is not set. */
int export_path_check(const char *path, int force, char *err, size_t err_size);

/* A malloc'ed "PATH.tmp-PID", or NULL with err set. */
char *export_path_tmp(const char *path, char *err, size_t err_size);

int export_path_commit(const char *tmp, const char *path, int force, char *err,
		       size_t err_size);

/* Removes a folder and the files in it (not sub-folders); returns 0 or -1 with errno. */
int export_path_remove_dir(const char *dir);

#endif

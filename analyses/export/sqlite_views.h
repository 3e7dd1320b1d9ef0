/* sqlite_views - the SQL views and indexes created once every row is in the database. */
#ifndef HSAT_EXPORT_SQLITE_VIEWS_H
#define HSAT_EXPORT_SQLITE_VIEWS_H

extern const char sqlite_views_sql[];

#endif

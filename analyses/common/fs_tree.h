/*
 * fs_tree - folders the commands make for a while: salvage's temporary traces, unify's output
 * before it is renamed into place.
 *
 *   fs_remove_tree(path)   removes path and everything below it (symbolic links themselves,
 *                          never what they point to); what cannot be removed is left
 */
#ifndef HSATRACE_ANALYSES_FS_TREE_H
#define HSATRACE_ANALYSES_FS_TREE_H

void fs_remove_tree(const char *path);

#endif

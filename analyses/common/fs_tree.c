#include "analyses/common/fs_tree.h"

#include <ftw.h>
#include <stdio.h>

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;	/* go on: remove what can be */
}

void fs_remove_tree(const char *path)
{
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

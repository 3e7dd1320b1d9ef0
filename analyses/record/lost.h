/*
 * lost - what a pass whose session could not be stopped (the session daemon died) left on
 * disk, said plainly: nothing, stream files without their metadata (undecodable), or
 * streams and metadata whose last packets are missing (the metadata may be cut too).
 */
#ifndef HSATRACE_RECORD_LOST_H
#define HSATRACE_RECORD_LOST_H

void rec_describe_lost(const char *dir);

#endif

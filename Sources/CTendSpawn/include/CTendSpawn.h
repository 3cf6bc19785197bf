#ifndef CTENDSPAWN_H
#define CTENDSPAWN_H

#include <spawn.h>

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34+): the child closes every descriptor
/// from `low` up before it runs the program. Declared by <spawn.h> only under _GNU_SOURCE, which
/// Swift's Glibc module is not built with.
int tend_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int low);

/// glibc's posix_spawn_file_actions_addchdir_np (2.29+): the child's working directory.
int tend_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#endif

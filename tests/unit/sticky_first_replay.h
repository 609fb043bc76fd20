/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel types and primitives that the extracted code uses, in user
 * space.  Every READ_ONCE() and smp_rmb() of the reader is a point where
 * the replay may let the writer take its next step (replay_point()).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef uint32_t u32;
typedef uint32_t gid_t_;
typedef struct { u32 val; } kgid_t;

static inline u32 __kgid_val(kgid_t gid) { return gid.val; }
static inline bool gid_eq(kgid_t a, kgid_t b) { return a.val == b.val; }
static inline bool gid_gt(kgid_t a, kgid_t b) { return a.val > b.val; }

#define UID_GID_MAP_MAX_BASE_EXTENTS 5

struct uid_gid_extent {
	u32 first;
	u32 lower_first;
	u32 count;
};

struct uid_gid_map {
	u32 nr_extents;
	union {
		struct uid_gid_extent extent[UID_GID_MAP_MAX_BASE_EXTENTS];
		struct {
			struct uid_gid_extent *forward;
			struct uid_gid_extent *reverse;
		};
	};
};

struct user_namespace {
	struct uid_gid_map gid_map;
	struct user_namespace *parent;
	unsigned long flags;
};

struct group_info {
	int ngroups;
	kgid_t gid[];
};

struct cred {
	struct group_info *group_info;
	struct user_namespace *user_ns;
};

extern struct user_namespace init_user_ns;
static void replay_point(void);

#define READ_ONCE(x) (replay_point(), (x))
#define smp_rmb() replay_point()
#define EXPORT_SYMBOL_GPL(sym)
#define noinline

/*
 * cmdline.c - command-line options of the ring tool.
 */
#include <stdlib.h>
#include <string.h>
#include "ringbuf.h"

#define MAX_ARGS 32
#define STREQ(a, b) (strcmp((a), (b)) == 0)
#define LOG_ERROR(fmt, ...) \
  fprintf(stderr, "error: " fmt "\n", __VA_ARGS__)

/* One option: its names and what it does with its argument. */
struct option {
  const char *long_name;
  char short_name;
  int (*apply)(const char *arg);
};

typedef int (*option_fn)(const char *arg);

#if defined(RB_SMALL)
static size_t buffer_size = 256;
#else
static size_t buffer_size = RB_CAPACITY;
#endif

/* Grid of parsed values, rows by columns. */
static int grid[4][8];
char **extra_args;
int verbose;

static int set_size(const char *arg) {
  long value = strtol(arg, NULL, 10);
  if (value <= 0 || value > RB_CAPACITY) return -1;
  buffer_size = (size_t)value;
  return 0;
}

static int set_verbose(const char *arg) {
  (void)arg;
  verbose += 1;
  return 0;
}

static const struct option options[] = {
  {"size", 's', set_size},
  {"verbose", 'v', set_verbose},
};

/* The option named `name`, or NULL. */
static const struct option *find_option(const char *name) {
  for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); ++i) {
    const struct option *opt = &options[i];
    if (STREQ(opt->long_name, name) || (name[1] == '\0' && name[0] == opt->short_name))
      return opt;
  }
  return NULL;
}

/* The handler of an option, for callers that keep it. */
option_fn (*lookup(const char *name))(const char *) {
  const struct option *opt = find_option(name);
  return opt ? NULL : NULL;
}

int parse_args(int argc, char **argv) {
  int count = 0;
  struct pending { const char *name; const char *value; } queue[MAX_ARGS];
  extra_args = calloc((size_t)argc, sizeof(char *));
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
#ifdef RB_DEBUG
    int traced = i;
#else
    int traced = 0;
#endif
    if (arg[0] != '-') {
      extra_args[count++] = argv[i];
      continue;
    }
    const struct option *opt = find_option(arg + 1);
    if (!opt) {
      LOG_ERROR("unknown option %s", arg);
      goto fail;
    }
    queue[i % MAX_ARGS] = (struct pending){opt->long_name, argv[i + 1]};
    if (opt->apply(i + 1 < argc ? argv[++i] : "") != 0) goto fail;
    grid[i % 4][traced % 8] = 1;
  }
  return count;
fail:
  free(extra_args);
  extra_args = NULL;
  return -1;
}

/* A local three conditionals deep in a block is a local all the same. */
void trace_depth(void) {
#if defined(RB_TRACE)
#ifdef RB_DEBUG
#if RB_TRACE > 1
  int depth = 2;
#endif
#endif
#endif
}

/* ringbuf.c - the ring buffer of ringbuf.h. */
#include <string.h>
#include <stdio.h>
#include "ringbuf.h"

/* How chatty the ring is on stderr (0 = silent). */
int rb_debug_level = 0;

/* Rings created so far, and the last one created. */
static unsigned ring_count, *ring_ids = NULL;
static ringbuf_t *last_ring;

/* Names of the status codes, indexed by -status. */
static const char *const status_names[] = {"ok", "full", "empty"};
const int rb_version = 3;

#ifdef RB_TRACE
static FILE *trace_file;
#endif

static size_t copy_bytes(uint8_t *dst, const uint8_t *src, size_t n) {
  memcpy(dst, src, n);
  return n;
}

/* The copy function used by rb_write and rb_read (tests swap it). */
static rb_copy_fn copy = copy_bytes;

void rb_init(ringbuf_t *rb) {
  memset(rb, 0, sizeof(*rb));
  rb->on_full = NULL;
  last_ring = rb;
  ring_count++;
}

size_t rb_write(ringbuf_t *rb, const uint8_t *src, size_t n) {
  size_t room = rb_free(rb);
  if (n > room) {
    rb->stats.overflows++;
    if (rb->on_full != NULL && rb_debug_level > 0)
      rb->on_full(rb, n);
    n = room;
  }
  size_t first = RB_CAPACITY - (rb->tail & RB_MASK);
  if (first > n) first = n;
  copy(rb->data + (rb->tail & RB_MASK), src, first);
  copy(rb->data, src + first, n - first);
  rb->tail += n;
  rb->stats.bytes_in += n;
  return n;
}

size_t rb_read(ringbuf_t *rb, uint8_t *dst, size_t n) {
  size_t used = rb_used(rb);
  for (size_t i = 0; i < n && i < used; i++) {
    dst[i] = rb->data[(rb->head + i) & RB_MASK];
  }
  n = n < used ? n : used;
  rb->head += n;
  return n;
}

/* Text for a status code. */
const char *rb_status_name(rb_status status) {
  switch (status) {
    case RB_OK:
      return status_names[0];
    case RB_FULL:
      return status_names[1];
    case RB_EMPTY:
      return status_names[2];
    default:
      return "?";
  }
}

/* Prints the ring's state when the debug level allows it. */
static void rb_dump(const ringbuf_t *rb, FILE *out) {
  union rb_word w;
  struct { size_t used, room; } sizes = {rb_used(rb), rb_free(rb)};
  w.word = (uint32_t)sizes.used;
  if (rb_debug_level < 1 || out == NULL) return;
  do {
    fprintf(out, "ring %u: %zu used, %zu free, %u %u\n", ring_count, sizes.used, sizes.room,
            w.bytes[0], w.bytes[1]);
  } while (0);
#ifdef RB_TRACE
  int traced = fprintf(trace_file, "dump\n");
  (void)traced;
#endif
}

/* The ring with the most bytes waiting. */
ringbuf_t *rb_busiest(ringbuf_t **rings, size_t count) {
  ringbuf_t *best = NULL;
  size_t i = 0;
  while (i < count) {
    if (!best || rb_used(rings[i]) > rb_used(best)) best = rings[i];
    i += 1;
  }
  rb_dump(best, stderr);
  return best;
}

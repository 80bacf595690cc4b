/* ringbuf.h - a fixed-size byte ring buffer shared by the reader and the writer threads. */
#ifndef RINGBUF_H
#define RINGBUF_H

#include <stddef.h>
#include <stdint.h>
#include "util/compiler.h"

/* Capacity of every ring, in bytes (a power of two). */
#define RB_CAPACITY 4096
#define RB_MASK (RB_CAPACITY - 1)

/* Number of bytes between two positions, modulo the capacity. */
#define RB_DISTANCE(from, to) (((to) - (from)) & RB_MASK)

/* Errors returned by the ring functions. */
typedef enum {
  RB_OK = 0,
  RB_FULL,
  RB_EMPTY = -2,
} rb_status;

/* Statistics kept per ring. */
struct rb_stats {
  uint64_t bytes_in, bytes_out;
  unsigned overflows : 16;
  unsigned underflows : 16;
};

/* A ring buffer. Readers advance `head`, writers advance `tail`. */
typedef struct ringbuf {
  uint8_t data[RB_CAPACITY];
  size_t head;
  size_t tail;
  struct rb_stats stats;
  void (*on_full)(struct ringbuf *rb, size_t wanted);
  union {
    void *ptr;
    int fd;
  } owner;
} ringbuf_t, *ringbuf_p;

/* A word seen as bytes. */
union rb_word {
  uint32_t word;
  uint8_t bytes[4];
};

typedef size_t (*rb_copy_fn)(uint8_t *dst, const uint8_t *src, size_t n);

/* Prototypes are declarations, not definitions: none of these is extracted. */
void rb_init(ringbuf_t *rb);
size_t rb_write(ringbuf_t *rb, const uint8_t *src, size_t n);
size_t rb_read(ringbuf_t *rb, uint8_t *dst, size_t n);
extern int rb_debug_level;

/* Bytes ready to be read. */
static inline size_t rb_used(const ringbuf_t *rb) {
  return RB_DISTANCE(rb->head, rb->tail);
}

/* Room left for the writer. */
static inline size_t rb_free(const ringbuf_t *rb) {
  return RB_CAPACITY - 1 - rb_used(rb);
}

#endif /* RINGBUF_H */

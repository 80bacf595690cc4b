package collections

import . "strings"
import "sort"

// Number is the constraint of numeric element types.
type Number interface {
	~int | ~int64 | ~float64
}

type (
	// List is a generic singly linked list.
	List[T any] struct {
		head *node[T]
		size int
	}
	node[T any] struct {
		value T
		next  *node[T]
	}
	// Less orders two values.
	Less[T any] func(a, b T) bool
	Names = []string
)

// Sorter sorts anything that can report its length.
type Sorter interface {
	sort.Interface
	Sorted() bool
}

var (
	defaultNames Names = Names{"a", "b"}
	registry           = map[string]func() int{}
	config             struct{ Verbose bool }
)

func init() {
	registry["len"] = func() int { return len(defaultNames) }
	config.Verbose = HasPrefix(Join(defaultNames, ","), "a")
}

// Push adds v at the front of the list.
func (l *List[T]) Push(v T) {
	l.head = &node[T]{value: v, next: l.head}
	l.size++
}

func (l *List[T]) Each(fn func(T) bool) {
outer:
	for n := l.head; n != nil; n = n.next {
		if !fn(n.value) {
			break outer
		}
	}
}

// Sum adds all numbers.
func Sum[N Number](xs ...N) (total N) {
	for _, x := range xs {
		total += x
	}
	return
}

// Map applies f to each element of l.
func Map[T, U any](l *List[T], f func(T) U) *List[U] {
	out := new(List[U])
	l.Each(func(v T) bool {
		out.Push(f(v))
		return true
	})
	return out
}

func Max[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func use() {
	var l List[int]
	l.Push(1)
	push := (*List[int]).Push
	push(&l, 2)
	total := Sum[int](1, 2, 3) + Max(4, 5)
	_ = Map(&l, func(v int) string { return Repeat("x", v+total) })
	defaultNames = append(defaultNames, "c")
	sort.Strings(defaultNames)
	var cmp Less[string] = func(a, b string) bool { return a < b || len(a) < len(b) }
	_ = cmp
}

package app

import (
	"strings"
	"time"
)

func Stamp() string {
	t := time.Now()
	return t.Format("2006-01-02")
}

func Build() string {
	var sb strings.Builder
	sb.Grow(64)
	return sb.String()
}

func Title(r Report) string {
	return r.Format("")
}

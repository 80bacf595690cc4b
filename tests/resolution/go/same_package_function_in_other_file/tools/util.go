package tools

func normalize(x int) int { return -x }

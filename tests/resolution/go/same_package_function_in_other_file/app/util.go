package app

func normalize(x int) int { return x * 2 }

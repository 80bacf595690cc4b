package main

import (
	st "example.com/app/store"
	_ "example.com/app/cache"
)

func main() {
	st.Save("k")
}

//go:build !race

package profiles_test

const raceDetector = false

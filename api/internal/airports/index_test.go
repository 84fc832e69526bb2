package airports

import (
	"testing"

	"sojourn/api/internal/platform/airportdata"
)

func dataIndex() *index {
	var rows []row
	for _, a := range airportdata.All() {
		rows = append(rows, toRow(a))
	}
	return build(rows)
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"São Paulo": "sao paulo", "  Zürich--Kloten ": "zurich kloten",
		"N'Djamena": "n djamena", "ÅLESUND": "alesund", "": ""} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSearchOrder(t *testing.T) {
	ix := dataIndex()
	got := ix.search("lon", 3)
	for i, a := range got {
		if !a.Large || a.City != "London" {
			t.Errorf("lon #%d = %s %s (large %t)", i, a.IATA, a.City, a.Large)
		}
	}
	if got := ix.search("new york", 3); len(got) != 3 || got[0].IATA != "JFK" || got[1].IATA != "LGA" || got[2].IATA != "EWR" {
		t.Errorf("new york = %v", got)
	}
}

func BenchmarkSearch(b *testing.B) {
	ix := dataIndex()
	qs := []string{"l", "la", "lagos", "LOS", "new york", "lon", "São Paulo", "nigeria", "int", "xqzw"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ix.search(qs[i%len(qs)], 8)
	}
}

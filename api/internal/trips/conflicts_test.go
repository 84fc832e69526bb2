package trips

import (
	"sort"
	"strings"
	"testing"
	"time"
)

var (
	lagos = Place{Name: "Murtala Muhammed International", City: "Lagos", Country: "NG", IATA: "LOS"}
	accra = Place{Name: "Kotoka International Airport", City: "Accra", Country: "GH", IATA: "ACC"}
	capeC = Place{Name: "Cape Coast Castle", City: "Cape Coast", Country: "GH"}
)

// t0 is 10 Dec 2026 in UTC (Accra is UTC+0, Lagos UTC+1).
func t0(h, m int) time.Time { return time.Date(2026, 12, 10, h, m, 0, 0, time.UTC) }

func dayAt(d, h int) time.Time { return time.Date(2026, 12, d, h, 0, 0, 0, time.UTC) }

// flight LOS -> ACC departing 08:00 UTC, landing 09:10 UTC on 10 Dec.
func flight(id string, dep, arr time.Time, from, to Place) Item {
	return Item{Kind: KindFlight, RefID: id, Title: "Flight " + id, Status: "confirmed", StartsAt: dep, EndsAt: arr,
		StartZone: "Africa/Lagos", EndZone: "Africa/Accra", Start: from, End: to}
}

func stay(id string, in, out time.Time, p Place) Item {
	return Item{Kind: KindStay, RefID: id, Title: "Hotel " + id, Status: "confirmed", StartsAt: in, EndsAt: out,
		StartZone: "Africa/Accra", EndZone: "Africa/Accra", Start: p, End: p}
}

func rental(id string, pick, drop time.Time, p Place) Item {
	return Item{Kind: KindRental, RefID: id, Title: "Car " + id, Status: "confirmed", StartsAt: pick, EndsAt: drop,
		StartZone: "Africa/Accra", EndZone: "Africa/Accra", Start: p, End: p}
}

func tour(id string, s, e time.Time, p Place) Item {
	return Item{Kind: KindTour, RefID: id, Title: "Tour " + id, Status: "confirmed", StartsAt: s, EndsAt: e,
		StartZone: "Africa/Accra", EndZone: "Africa/Accra", Start: p, End: p}
}

func session(id string, s, e time.Time, p Place) Item {
	return Item{Kind: KindSession, RefID: id, Title: "Session " + id, Status: "confirmed", StartsAt: s, EndsAt: e,
		StartZone: "Africa/Lagos", EndZone: "Africa/Lagos", Start: p, End: p}
}

func video(id string, s, e time.Time) Item { return session(id, s, e, Place{}) }

func TestConflictsEveryPairOfKinds(t *testing.T) {
	f1 := flight("f1", t0(8, 0), t0(9, 10), lagos, accra)
	cases := []struct {
		name  string
		items []Item
		want  []string // codes, sorted
	}{
		// flight + flight
		{"flights overlap", []Item{f1, flight("f2", t0(9, 0), t0(11, 0), accra, capeC)}, []string{"flights_overlap"}},
		{"tight connection", []Item{f1, flight("f2", t0(9, 40), t0(11, 0), accra, lagos)}, []string{"tight_connection"}},
		{"next flight from another city", []Item{f1, flight("f2", t0(15, 0), t0(16, 0), lagos, accra)},
			[]string{"flight_from_elsewhere"}},
		{"good connection", []Item{f1, flight("f2", t0(12, 0), t0(13, 0), accra, lagos)}, nil},
		// flight + stay
		{"flight leaves another city during a stay", []Item{stay("s", dayAt(9, 14), dayAt(12, 11), accra),
			flight("f", t0(8, 0), t0(9, 10), lagos, capeC)}, []string{"flight_away_from_stay"}},
		{"lands a day after check-in", []Item{stay("s", dayAt(9, 14), dayAt(12, 11), accra), f1},
			[]string{"arrives_after_check_in"}},
		{"lands in the evening of the check-in day", []Item{stay("s", t0(15, 0), dayAt(12, 11), accra),
			flight("f", t0(20, 35), t0(20, 40), lagos, accra)}, nil},
		{"lands before check-in", []Item{f1, stay("s", t0(14, 0), dayAt(12, 11), accra)}, nil},
		{"leaves after check-out", []Item{stay("s", dayAt(7, 14), dayAt(10, 7), lagos), f1}, nil},
		// flight + rental
		{"pick-up before landing", []Item{f1, rental("r", t0(8, 30), dayAt(12, 9), accra)},
			[]string{"pickup_before_landing"}},
		{"pick-up before the flight even leaves", []Item{f1, rental("r", t0(7, 0), dayAt(12, 9), accra)},
			[]string{"pickup_before_landing"}},
		{"pick-up right after landing", []Item{f1, rental("r", t0(9, 20), dayAt(12, 9), accra)},
			[]string{"pickup_right_after_landing"}},
		{"pick-up an hour after landing", []Item{f1, rental("r", t0(10, 15), dayAt(12, 9), accra)}, nil},
		{"flight before drop-off", []Item{rental("r", dayAt(8, 9), t0(10, 0), lagos), f1},
			[]string{"flight_before_dropoff"}},
		{"drop-off close to departure", []Item{rental("r", dayAt(8, 9), t0(7, 0), lagos), f1},
			[]string{"dropoff_close_to_departure"}},
		{"drop-off in good time", []Item{rental("r", dayAt(8, 9), t0(5, 0), lagos), f1}, nil},
		// flight + tour
		{"tour during the flight", []Item{f1, tour("t", t0(9, 0), t0(12, 0), accra)}, []string{"tour_during_flight"}},
		{"tour too close to departure", []Item{tour("t", t0(4, 0), t0(6, 30), lagos), f1}, []string{"tour_during_flight"}},
		{"tour before arrival", []Item{tour("t", dayAt(9, 20), dayAt(9, 23), accra), f1},
			[]string{"tour_before_arrival"}},
		{"tour after landing", []Item{f1, tour("t", t0(13, 0), t0(16, 0), accra)}, nil},
		// flight + session
		{"video session during the flight", []Item{f1, video("x", t0(8, 30), t0(9, 30))},
			[]string{"session_during_flight"}},
		{"in-person session before the airport", []Item{session("x", t0(6, 0), t0(7, 0), lagos), f1},
			[]string{"session_during_flight"}},
		{"video session just before departure", []Item{video("x", t0(6, 0), t0(7, 0)), f1}, nil},
		// stay + stay
		{"stays overlap", []Item{stay("a", dayAt(10, 14), dayAt(13, 11), accra),
			stay("b", dayAt(12, 14), dayAt(14, 11), accra)}, []string{"stays_overlap"}},
		{"stays back to back", []Item{stay("a", dayAt(10, 14), dayAt(12, 11), accra),
			stay("b", dayAt(12, 11), dayAt(14, 11), capeC)}, nil},
		// stay + rental
		{"pick-up in another city during a stay", []Item{stay("s", dayAt(10, 14), dayAt(13, 11), accra),
			rental("r", dayAt(11, 9), dayAt(15, 9), lagos)}, []string{"rental_away_from_stay"}},
		{"pick-up in the stay's city", []Item{stay("s", dayAt(10, 14), dayAt(13, 11), accra),
			rental("r", dayAt(11, 9), dayAt(12, 9), accra)}, nil},
		// stay + tour
		{"tour before check-in", []Item{tour("t", t0(10, 0), t0(13, 0), accra), stay("s", t0(14, 0), dayAt(13, 11), accra)},
			[]string{"tour_before_check_in"}},
		{"tour after check-out", []Item{stay("s", dayAt(7, 14), t0(11, 0), accra), tour("t", t0(15, 0), t0(18, 0), accra)},
			[]string{"tour_after_check_out"}},
		{"tour in another city during the stay", []Item{stay("s", dayAt(9, 14), dayAt(13, 11), accra),
			tour("t", t0(8, 0), t0(18, 0), capeC)}, []string{"tour_away_from_stay"}},
		{"tour during the stay", []Item{stay("s", dayAt(9, 14), dayAt(13, 11), accra), tour("t", t0(9, 0), t0(12, 0), accra)}, nil},
		// stay + session
		{"in-person session elsewhere during a stay", []Item{stay("s", dayAt(9, 14), dayAt(13, 11), accra),
			session("x", t0(9, 0), t0(10, 0), lagos)}, []string{"session_away_from_stay"}},
		{"video session during a stay", []Item{stay("s", dayAt(9, 14), dayAt(13, 11), accra), video("x", t0(9, 0), t0(10, 0))}, nil},
		// rental + rental
		{"two cars at once", []Item{rental("a", dayAt(10, 9), dayAt(12, 9), accra), rental("b", dayAt(11, 9), dayAt(13, 9), accra)},
			[]string{"rentals_overlap"}},
		{"one car after the other", []Item{rental("a", dayAt(10, 9), dayAt(12, 9), accra), rental("b", dayAt(12, 10), dayAt(13, 9), accra)}, nil},
		// rental + tour
		{"pick-up during a tour", []Item{tour("t", t0(8, 0), t0(12, 0), accra), rental("r", t0(10, 0), dayAt(12, 10), accra)},
			[]string{"handover_during_tour"}},
		{"pick-up after the tour", []Item{tour("t", t0(8, 0), t0(12, 0), accra), rental("r", t0(13, 0), dayAt(12, 10), accra)}, nil},
		// rental + session
		{"drop-off during a session", []Item{rental("r", dayAt(8, 10), t0(10, 0), accra), video("x", t0(10, 15), t0(11, 0))},
			[]string{"handover_during_session"}},
		{"session while driving", []Item{rental("r", dayAt(8, 10), dayAt(12, 10), accra), video("x", t0(10, 15), t0(11, 0))}, nil},
		// tour + tour
		{"tours overlap", []Item{tour("a", t0(8, 0), t0(12, 0), accra), tour("b", t0(11, 0), t0(14, 0), accra)},
			[]string{"tours_overlap"}},
		{"tours one after the other", []Item{tour("a", t0(8, 0), t0(12, 0), accra), tour("b", t0(12, 0), t0(14, 0), accra)}, nil},
		// tour + session
		{"session during a tour", []Item{tour("t", t0(8, 0), t0(12, 0), accra), video("x", t0(9, 0), t0(10, 0))},
			[]string{"session_during_tour"}},
		{"session after a tour", []Item{tour("t", t0(8, 0), t0(12, 0), accra), video("x", t0(13, 0), t0(14, 0))}, nil},
		// session + session
		{"sessions overlap", []Item{video("a", t0(9, 0), t0(10, 0)), video("b", t0(9, 30), t0(10, 30))},
			[]string{"sessions_overlap"}},
		{"sessions back to back", []Item{video("a", t0(9, 0), t0(10, 0)), video("b", t0(10, 0), t0(11, 0))}, nil},
		// cancelled items never conflict
		{"cancelled rental", []Item{f1, func() Item { r := rental("r", t0(8, 30), dayAt(12, 9), accra); r.Status = "cancelled"; return r }()}, nil},
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := []string{}
			for _, cf := range Conflicts(tc.items) {
				got = append(got, cf.Code)
				if cf.Message == "" || (cf.Severity != SeverityError && cf.Severity != SeverityWarning) {
					t.Errorf("conflict %+v has no message or severity", cf)
				}
				if cf.A.StartsAt.After(cf.B.StartsAt) {
					t.Errorf("conflict %s: A starts after B", cf.Code)
				}
			}
			sort.Strings(got)
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
		if len(tc.items) == 2 {
			k := []string{tc.items[0].Kind, tc.items[1].Kind}
			sort.Strings(k)
			if len(tc.want) > 0 {
				seen[k[0]+"+"+k[1]] = true
			}
		}
	}
	kinds := []string{KindFlight, KindRental, KindSession, KindStay, KindTour}
	for i, a := range kinds {
		for _, b := range kinds[i:] {
			if !seen[a+"+"+b] {
				t.Errorf("no case finds a conflict between %s and %s", a, b)
			}
		}
	}
}

func TestConflictMessagesUseLocalTime(t *testing.T) {
	f := flight("f", t0(8, 0), t0(9, 10), lagos, accra)
	r := rental("r", t0(8, 30), dayAt(12, 9), accra)
	cs := Conflicts([]Item{r, f})
	if len(cs) != 1 || !strings.Contains(cs[0].Message, "Thu 10 Dec 08:30") || !strings.Contains(cs[0].Message, "09:10") {
		t.Fatalf("conflicts %+v", cs)
	}
	if cs[0].A.Kind != KindFlight || cs[0].B.Kind != KindRental {
		t.Fatalf("order %s %s", cs[0].A.Kind, cs[0].B.Kind)
	}
}

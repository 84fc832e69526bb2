package trips

import "time"

// PlaceDTO is a place as the API shows it.
type PlaceDTO struct {
	Name    string   `json:"name"`
	City    string   `json:"city"`
	Country string   `json:"country"`
	IATA    string   `json:"iata"`
	Lat     *float64 `json:"lat"`
	Lng     *float64 `json:"lng"`
}

// SegmentDTO is one flight leg.
type SegmentDTO struct {
	From        PlaceDTO  `json:"from"`
	To          PlaceDTO  `json:"to"`
	DepartsAt   time.Time `json:"departs_at"`
	ArrivesAt   time.Time `json:"arrives_at"`
	DepartLocal string    `json:"departs_local"`
	ArriveLocal string    `json:"arrives_local"`
	FromZone    string    `json:"from_zone"`
	ToZone      string    `json:"to_zone"`
	Label       string    `json:"label"`
}

// ItemDTO is a booking in (or for) a trip, in its places' local times:
// starts_local and ends_local are RFC 3339 with the zone's offset, day the
// local date of the start.
type ItemDTO struct {
	Kind        string       `json:"kind"`
	RefID       string       `json:"ref_id"`
	Title       string       `json:"title"`
	Subtitle    string       `json:"subtitle"`
	Status      string       `json:"status"`
	Link        string       `json:"link"`
	StartsAt    time.Time    `json:"starts_at"`
	EndsAt      time.Time    `json:"ends_at"`
	StartZone   string       `json:"start_zone"`
	EndZone     string       `json:"end_zone"`
	StartsLocal string       `json:"starts_local"`
	EndsLocal   string       `json:"ends_local"`
	Day         string       `json:"day"`
	Start       PlaceDTO     `json:"start"`
	End         PlaceDTO     `json:"end"`
	Segments    []SegmentDTO `json:"segments"`
	TripID      *string      `json:"trip_id"`
	TripName    *string      `json:"trip_name"`
}

// ItemRef names an item.
type ItemRef struct {
	Kind  string `json:"kind"`
	RefID string `json:"ref_id"`
}

// ConflictDTO is a conflict between two items of a trip.
type ConflictDTO struct {
	Code     string    `json:"code"`
	Severity string    `json:"severity"`
	Message  string    `json:"message"`
	Items    []ItemRef `json:"items"`
}

// TripDTO is a trip in a list: its span, cities and counts come from its
// items, read live.
type TripDTO struct {
	ID            string     `json:"id"`
	Name          string     `json:"name"`
	StartsAt      *time.Time `json:"starts_at"`
	EndsAt        *time.Time `json:"ends_at"`
	Cities        []string   `json:"cities"`
	ItemCount     int        `json:"item_count"`
	ConflictCount int        `json:"conflict_count"`
	CreatedAt     time.Time  `json:"created_at"`
}

// TripView is one trip's timeline.
type TripView struct {
	TripDTO
	Items     []ItemDTO     `json:"items"`
	Conflicts []ConflictDTO `json:"conflicts"`
}

func placeDTO(p Place) PlaceDTO {
	return PlaceDTO{Name: p.Name, City: p.City, Country: p.Country, IATA: p.IATA, Lat: p.Lat, Lng: p.Lng}
}

func localRFC(t time.Time, zone string) string { return t.In(loc(zone)).Format(time.RFC3339) }

func itemDTO(it Item) ItemDTO {
	d := ItemDTO{Kind: it.Kind, RefID: it.RefID, Title: it.Title, Subtitle: it.Subtitle, Status: it.Status,
		Link: it.Link, StartsAt: it.StartsAt.UTC(), EndsAt: it.EndsAt.UTC(), StartZone: it.StartZone,
		EndZone: it.EndZone, StartsLocal: localRFC(it.StartsAt, it.StartZone), EndsLocal: localRFC(it.EndsAt, it.EndZone),
		Day: day(it.StartsAt, it.StartZone), Start: placeDTO(it.Start), End: placeDTO(it.End), Segments: []SegmentDTO{}}
	for _, s := range it.Segments {
		d.Segments = append(d.Segments, SegmentDTO{From: placeDTO(s.From), To: placeDTO(s.To), DepartsAt: s.DepartsAt.UTC(),
			ArrivesAt: s.ArrivesAt.UTC(), DepartLocal: localRFC(s.DepartsAt, s.FromZone),
			ArriveLocal: localRFC(s.ArrivesAt, s.ToZone), FromZone: s.FromZone, ToZone: s.ToZone, Label: s.Label})
	}
	return d
}

func conflictDTO(c Conflict) ConflictDTO {
	return ConflictDTO{Code: c.Code, Severity: c.Severity, Message: c.Message,
		Items: []ItemRef{{Kind: c.A.Kind, RefID: c.A.RefID}, {Kind: c.B.Kind, RefID: c.B.RefID}}}
}

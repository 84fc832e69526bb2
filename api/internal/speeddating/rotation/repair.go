package rotation

// Repair replans rounds [from, len(plan)) after the people changed.
//
// History (who met whom, and who had how many breaks, in rounds < from) is
// taken from plan[:from]; people is the new list: drop-outs removed, late
// joiners added (they take part from round from on; their missed rounds do
// not count as breaks). The new rounds are planned exactly like Plan does
// with Met and Breaks set from the history, so they satisfy the same
// guarantees; in particular each round is a maximum matching, so the
// former partner of a drop-out is left without a partner only if every
// compatible person they have not met yet is busy in that round.
//
// It returns copies of plan[:from] followed by the new rounds (len(plan)
// rounds in total). Errors wrap ErrInput: from outside 0..len(plan), more
// than MaxRounds rounds, invalid people, or a history that is not a valid
// schedule (see Check; compatibility is not rechecked for past rounds).
func Repair(plan []Round, from int, people []string, compatible func(a, b string) bool, seed int64) ([]Round, error) {
	if len(plan) > MaxRounds {
		return nil, inputErr("plan has %d rounds, at most %d allowed", len(plan), MaxRounds)
	}
	if from < 0 || from > len(plan) {
		return nil, inputErr("from %d outside 0..%d", from, len(plan))
	}
	if err := validPeople(people); err != nil {
		return nil, err
	}
	history := plan[:from]
	var everybody []string
	seen := make(map[string]bool)
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			everybody = append(everybody, id)
		}
	}
	for _, id := range people {
		add(id)
	}
	for _, rd := range history {
		for _, id := range Participants(rd) {
			add(id)
		}
	}
	if err := Check(history, everybody, nil); err != nil {
		return nil, inputErr("history: %v", err)
	}
	met := make(map[[2]string]bool)
	out := make([]Round, 0, len(plan))
	for _, rd := range history {
		for _, pr := range rd.Pairs {
			met[pairKey(pr[0], pr[1])] = true
		}
		out = append(out, Round{
			Pairs:  append([][2]string{}, rd.Pairs...),
			Breaks: append([]string{}, rd.Breaks...),
		})
	}
	if from == len(plan) {
		return out, nil
	}
	rest, err := Plan(Input{
		People:     people,
		Rounds:     len(plan) - from,
		Compatible: compatible,
		Met:        func(a, b string) bool { return met[pairKey(a, b)] },
		Breaks:     BreakCounts(history),
		Seed:       seed,
	})
	if err != nil {
		return nil, err
	}
	return append(out, rest...), nil
}

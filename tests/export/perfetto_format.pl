#!/usr/bin/perl
# perfetto_format.pl < FILE: checks a Chrome JSON trace-event file against the documented
# Trace Event Format (the JSON Object Format: {"traceEvents": [...], "displayTimeUnit": ...}),
# the format Perfetto's JSON importer and chrome://tracing read. Prints one line per
# violation (at most 20, then how many more), then "events N" (events checked); exits 1 when
# anything is wrong. What it checks, per the format's documentation:
#   - the top level is an object; traceEvents an array; displayTimeUnit, when present, "ms" or
#     "ns"; no keys outside the documented ones
#   - every event an object with a known phase (ph); name a string where the phase needs one;
#     pid and tid integers; ts a number in microseconds (at most 3 decimals: ns resolution)
#   - X: dur a number >= 0; B/E: balanced per thread, E after its B
#   - i/I: s, when present, one of g, p, t
#   - C: args an object of numbers
#   - M: name one of process_name, process_labels, process_sort_index, thread_name,
#     thread_sort_index, with args.name (a string) or args.sort_index (an integer)
#   - s/t/f: an id; every t and f after an s of the same cat, name and id; bp, when present, "e"
#   - args, when present, an object
use strict;
use warnings;
use JSON::PP;

local $/;
my $text = <STDIN>;
my ($doc, @bad);
eval { $doc = JSON::PP->new->utf8->decode($text); 1 } or do { print "not JSON: $@"; exit 1 };
sub bad { push @bad, $_[0] }

my %top = map { $_ => 1 } qw(traceEvents displayTimeUnit systemTraceEvents otherData
	stackFrames samples controllerTraceDataKey powerTraceAsString metadata);
ref $doc eq 'HASH' or do { print "the top level is not an object\n"; exit 1 };
ref $doc->{traceEvents} eq 'ARRAY' or do { print "traceEvents is not an array\n"; exit 1 };
bad("unknown top-level key '$_'") for grep { !$top{$_} } sort keys %$doc;
bad("displayTimeUnit '$doc->{displayTimeUnit}' is neither ms nor ns")
	if defined $doc->{displayTimeUnit} && $doc->{displayTimeUnit} !~ /^(ms|ns)$/;

my %phases = map { $_ => 1 } qw(B E X i I C b n e S T p F s t f P N O D M V v R c ( ));
my %meta = map { $_ => 1 } qw(process_name process_labels process_sort_index thread_name
	thread_sort_index);
my (%open, %flow);
my $is_int = sub { defined $_[0] && !ref $_[0] && $_[0] =~ /^-?\d+$/ };
my $is_num = sub { defined $_[0] && !ref $_[0] && $_[0] =~ /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/ };
my $i = 0;
for my $e (@{$doc->{traceEvents}}) {
	my $at = "event $i";
	$i++;
	if (ref $e ne 'HASH') { bad("$at: not an object"); next; }
	my $ph = $e->{ph} // '';
	if (!$phases{$ph}) { bad("$at: unknown phase '$ph'"); next; }
	$at .= " (ph $ph, " . ($e->{name} // 'no name') . ')';
	bad("$at: pid is not an integer") unless $is_int->($e->{pid});
	# (a process's metadata may leave tid out)
	bad("$at: tid is not an integer")
		if ($ph ne 'M' || defined $e->{tid}) && !$is_int->($e->{tid});
	bad("$at: name is not a string") if $ph !~ /^[E]$/ && (!defined $e->{name} || ref $e->{name});
	bad("$at: args is not an object") if defined $e->{args} && ref $e->{args} ne 'HASH';
	if ($ph ne 'M') {
		if (!$is_num->($e->{ts})) { bad("$at: ts is not a number"); next; }
		bad("$at: ts '$e->{ts}' has more than 3 decimals (below ns)")
			if $e->{ts} =~ /\.\d{4,}/;
	}
	my $thread = ($e->{pid} // '') . '/' . ($e->{tid} // '');
	if ($ph eq 'X') {
		bad("$at: dur is not a number >= 0") unless $is_num->($e->{dur}) && $e->{dur} >= 0;
	} elsif ($ph eq 'B') {
		push @{$open{$thread}}, $e->{ts};
	} elsif ($ph eq 'E') {
		my $b = pop @{$open{$thread} // []};
		bad("$at: E without its B on thread $thread") unless defined $b;
		bad("$at: E before its B") if defined $b && $e->{ts} < $b;
	} elsif ($ph eq 'i' || $ph eq 'I') {
		bad("$at: scope s '$e->{s}' is not g, p or t") if defined $e->{s} && $e->{s} !~ /^[gpt]$/;
	} elsif ($ph eq 'C') {
		if (ref $e->{args} ne 'HASH' || !%{$e->{args}}) {
			bad("$at: a counter without args");
		} else {
			bad("$at: counter value '$_' is not a number")
				for grep { !$is_num->($e->{args}{$_}) } sort keys %{$e->{args}};
		}
	} elsif ($ph eq 'M') {
		if (!$meta{$e->{name} // ''}) {
			bad("$at: unknown metadata event");
		} elsif ($e->{name} =~ /_sort_index$/) {
			bad("$at: args.sort_index is not an integer") unless $is_int->($e->{args}{sort_index});
		} elsif ($e->{name} =~ /_name$/) {
			bad("$at: args.name is not a string")
				unless defined $e->{args}{name} && !ref $e->{args}{name};
		}
	} elsif ($ph =~ /^[stf]$/) {
		my $id = $e->{id} // $e->{id2};
		if (!defined $id) { bad("$at: a flow event without id"); next; }
		my $key = join("\0", $e->{cat} // '', $e->{name} // '', ref $id ? encode_json($id) : $id);
		if ($ph eq 's') {
			$flow{$key} = $e->{ts};
		} elsif (!defined $flow{$key}) {
			bad("$at: flow $ph with id $id before (or without) its s of the same cat and name");
		} elsif ($e->{ts} < $flow{$key}) {
			bad("$at: flow $ph at $e->{ts} before its s at $flow{$key}");
		}
		bad("$at: bp '$e->{bp}' is not e") if defined $e->{bp} && $e->{bp} ne 'e';
	}
}
for my $t (sort keys %open) {
	bad("thread $t: " . @{$open{$t}} . " B events without their E") if @{$open{$t}};
}
print "$_\n" for @bad[0 .. ($#bad < 19 ? $#bad : 19)];
print "... and " . (@bad - 20) . " more\n" if @bad > 20;
print "events $i\n";
exit(@bad ? 1 : 0);

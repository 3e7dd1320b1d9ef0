# PageData.pm - reads the timeline data of an `hsatrace report` page (the JSON block
# #hsatrace-data, format in analyses/report/report_data.h) with perl's own JSON parser, and
# decodes its items, so the tests check the page against the trace without the page's script.
#
#   my $d = PageData::read($path);      # the JSON object, plus per lane ->{decoded} items
#   $_->{begin}, {end}, {name}, {depth}, {status}, {bytes}, {corr} for each decoded item
#   PageData::overlapping($d, $begin, $end)   # items and counter points in a view, counted
package PageData;
use strict;
use warnings;
use JSON::PP;

my %stride = (api => 5, kernel => 4, copy => 5);

sub read {
	my ($path) = @_;
	open(my $f, '<:raw', $path) or die "cannot read $path: $!\n";
	local $/;
	my $html = <$f>;
	close($f);
	$html =~ m{<script type="application/json" id="hsatrace-data">(.*?)</script>}s
		or die "no #hsatrace-data block in $path\n";
	my $d = JSON::PP->new->utf8->decode($1);
	for my $l (@{$d->{lanes}}) {
		my ($s, $t, @items) = ($stride{$l->{kind}}, 0);
		my $a = $l->{items};
		for (my $o = 0; $o + $s <= @$a; $o += $s) {
			$t += $a->[$o];
			my %it = (begin => $t, end => $t + $a->[$o + 1], name => $a->[$o + 2]);
			if ($l->{kind} eq 'api') {
				@it{qw(depth status)} = @$a[$o + 3, $o + 4];
			} elsif ($l->{kind} eq 'kernel') {
				$it{corr} = $a->[$o + 3];
			} else {
				@it{qw(bytes corr)} = @$a[$o + 3, $o + 4];
			}
			push @items, \%it;
		}
		$l->{decoded} = \@items;
		my %merged = map { $_->[0] => $_->[1] } @{$l->{merged}};
		$l->{count_of} = [ map { $merged{$_} // 1 } 0 .. $#items ];
	}
	for my $c (@{$d->{counters}}) {
		my ($t, @p) = (0);
		my $a = $c->{points};
		for (my $o = 0; $o + 1 < @$a; $o += 2) {
			$t += $a->[$o];
			push @p, { ts => $t, value => $a->[$o + 1] };
		}
		$c->{decoded} = \@p;
	}
	return $d;
}

# How many lane items overlap [begin, end] plus counter points inside it.
sub overlapping {
	my ($d, $begin, $end) = @_;
	my $n = 0;
	for my $l (@{$d->{lanes}}) {
		$n += grep { $_->{begin} <= $end && $_->{end} >= $begin } @{$l->{decoded}};
	}
	for my $c (@{$d->{counters}}) {
		$n += grep { $_->{ts} >= $begin && $_->{ts} <= $end } @{$c->{decoded}};
	}
	return $n;
}

1;

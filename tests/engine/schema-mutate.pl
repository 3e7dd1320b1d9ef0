#!/usr/bin/perl
# schema-mutate.pl - writes mutants of a <tmfxml> file for tests/engine/35-schema-oracle.t: small
# structural edits (an attribute removed, added or given a bad value; an element removed,
# duplicated, renamed or given an unexpected child or text), each one a file OUTDIR/BASE.N.xml.
#
#   schema-mutate.pl FILE OUTDIR [PER_OPERATOR]
# PER_OPERATOR (default 4) mutants per operator, at tags spread over the file.
use strict;
use warnings;

my ($file, $outdir, $per) = @ARGV;
die "usage: schema-mutate.pl FILE OUTDIR [PER_OPERATOR]\n" unless $outdir;
$per ||= 4;
open(my $fh, '<', $file) or die "cannot read $file: $!\n";
my $text = do { local $/; <$fh> };
close($fh);
(my $base = $file) =~ s{.*/}{};
$base =~ s/\.xml$//;

# start tags outside comments: [offset, length, name, attributes, self-closing]
my @tags;
my $masked = $text;
$masked =~ s/(<!--.*?-->)/' ' x length($1)/gse;
while ($masked =~ /<([A-Za-z][\w.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g) {
	push @tags, [$-[0], $+[0] - $-[0], $1, $2, $3 eq '/'];
}
my @names = qw(stateValue stateAttribute entry state transition condition head label field);
my $n = 0;

sub emit {
	my ($t) = @_;
	my $out = sprintf('%s/%s.%03d.xml', $outdir, $base, $n++);
	open(my $o, '>', $out) or die "cannot write $out: $!\n";
	print $o $t;
	close($o);
}

sub replace_tag {
	my ($tag, $new) = @_;
	my $t = $text;
	substr($t, $tag->[0], $tag->[1]) = $new;
	emit($t);
}

sub pick { # the indices of PER tags spread over the list matching the filter
	my ($filter) = @_;
	my @i = grep { $filter->($tags[$_]) } 0 .. $#tags;
	return () unless @i;
	my %seen;
	return grep { !$seen{$_}++ } map { $i[int($_ * @i / $per)] } 0 .. $per - 1;
}

my $root = sub { $_[0][2] ne 'tmfxml' };
my $with_attr = sub { $_[0][2] ne 'tmfxml' && $_[0][3] =~ /=/ };
for my $i (pick($with_attr)) {	# an attribute removed, and given a bad value
	my $tag = $tags[$i];
	(my $attrs = $tag->[3]) =~ s/^\s+[\w:.-]+\s*=\s*"[^"]*"//;
	replace_tag($tag, "<$tag->[2]$attrs" . ($tag->[4] ? '/>' : '>'));
	($attrs = $tag->[3]) =~ s/^(\s+[\w:.-]+\s*=\s*)"[^"]*"/$1"1.5x"/;
	replace_tag($tag, "<$tag->[2]$attrs" . ($tag->[4] ? '/>' : '>'));
	($attrs = $tag->[3]) =~ s/^(\s+[\w:.-]+\s*=\s*)"[^"]*"/$1""/;
	replace_tag($tag, "<$tag->[2]$attrs" . ($tag->[4] ? '/>' : '>'));
}
# values that some attribute types accept and others refuse
my @values = ('true', 'TRUE', '0', ' 1 ', 'double', '-1', '9223372036854775808', 'a b', 'x', 'null');
for my $i (pick($with_attr)) {	# every attribute of the tag given one of @values in turn
	my $tag = $tags[$i];
	my $k = 0;
	while ($tag->[3] =~ /([\w:.-]+)\s*=\s*"[^"]*"/g) {
		my ($name, $at, $len) = ($1, $-[0], $+[0] - $-[0]);
		my $attrs = $tag->[3];
		substr($attrs, $at, $len) = "$name=\"" . $values[($i + $k++) % @values] . '"';
		replace_tag($tag, "<$tag->[2]$attrs" . ($tag->[4] ? '/>' : '>'));
	}
}
for my $i (pick($root)) {	# an unknown attribute
	my $tag = $tags[$i];
	replace_tag($tag, "<$tag->[2]$tag->[3] zz=\"1\"" . ($tag->[4] ? '/>' : '>'));
}
for my $i (pick(sub { $_[0][4] })) {	# an empty element removed, duplicated, renamed
	my $tag = $tags[$i];
	my $src = substr($text, $tag->[0], $tag->[1]);
	replace_tag($tag, '');
	replace_tag($tag, $src . $src);
	my $other = $names[$i % @names] eq $tag->[2] ? $names[($i + 1) % @names] : $names[$i % @names];
	replace_tag($tag, "<$other$tag->[3]/>");
}
for my $i (pick(sub { !$_[0][4] })) {	# an unexpected first child, text, an empty body
	my $tag = $tags[$i];
	my $src = substr($text, $tag->[0], $tag->[1]);
	replace_tag($tag, "$src<abandon/>");
	replace_tag($tag, "${src}x");
	replace_tag($tag, "$src<stateValue type=\"int\" value=\"1\"/>");
}

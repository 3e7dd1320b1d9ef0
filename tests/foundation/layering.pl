#!/usr/bin/perl
# layering.pl - reads the `#include "..."` lines of every .c and .h file under ROOT and
# reports, one line each, the includes that go in a direction RULES does not allow and the
# import circles.
#
#   perl layering.pl RULES ROOT     exit 0: none, 1: some (printed), 2: usage or unreadable
#
# A module is a .c file and its headers: dir/a.c, dir/a.h and its private header dir/a_int.h
# or dir/a_internal.h. Module A depends on module B when a file of A includes a file of B.
# An import circle is a cycle in that graph of modules (A includes B's header and B's .c or
# header includes A's), and also a cycle in the graph of units below.
#
# A unit is a top-level folder (tracer, runtime, analyses, ...); below a folder named by
# `split`, each subfolder is a unit (analyses/common, analyses/engine, ...). RULES lines:
#   split FOLDER               FOLDER's subfolders are units of their own
#   unit PREFIX NAME           files under PREFIX belong to unit NAME (the longest prefix wins)
#   allow UNIT UNIT...         UNIT may include the others; any of them may end in /* (every
#                              subunit of that folder)
#   allow UNIT *               UNIT may include every unit
#   exception FILE INCLUDED    this one include is allowed (say why in a comment)
# `#` starts a comment. Includes are resolved as the compiler does with -I. (from the file's
# folder first, then from ROOT); generated headers (`unit` prefixes that name no folder of
# ROOT, such as hsatrace/) count as files of their unit; system headers are not read.
use strict;
use warnings;
use File::Find;

if (@ARGV != 2) {
	print STDERR "usage: layering.pl RULES ROOT\n";
	exit 2;
}
my ($rules_path, $root) = @ARGV;
$root =~ s{/+$}{};

my (%split, %unit_of_prefix, %allow, %exception);
read_rules($rules_path);

my @files = source_files($root);
my %is_file = map { $_ => 1 } @files;
my @problems;
my (%module_edges, %unit_edges);
read_includes($_) for @files;
report_cycles(\%module_edges, 'import circle between modules');
report_cycles(\%unit_edges, 'import circle between folders');
print "$_\n" for @problems;
exit(@problems ? 1 : 0);

sub read_rules {
	my ($path) = @_;
	open my $fh, '<', $path or die_usage("cannot read rules $path: $!");
	while (my $line = <$fh>) {
		$line =~ s/#.*//;
		my @w = split ' ', $line;
		next unless @w;
		my $kw = shift @w;
		if ($kw eq 'split' && @w == 1) {
			$split{$w[0]} = 1;
		} elsif ($kw eq 'unit' && @w == 2) {
			$unit_of_prefix{$w[0]} = $w[1];
		} elsif ($kw eq 'allow' && @w >= 2) {
			my $from = shift @w;
			$allow{$from}{$_} = 1 for @w;
		} elsif ($kw eq 'exception' && @w == 2) {
			$exception{"$w[0] $w[1]"} = 1;
		} else {
			die_usage("$path:$.: cannot read this rule");
		}
	}
}

sub die_usage {
	print STDERR "layering: $_[0]\n";
	exit 2;
}

sub source_files {
	my ($top) = @_;
	my @found;
	die_usage("no such folder: $top") unless -d $top;
	find({ no_chdir => 1, wanted => sub {
		if (-d $_ && m{^\Q$top\E/(build|\.git)$}) {
			$File::Find::prune = 1;
			return;
		}
		push @found, substr($_, length($top) + 1) if -f $_ && /\.[ch]$/;
	} }, $top);
	return sort @found;
}

sub module_of {
	my ($file) = @_;
	(my $m = $file) =~ s/(?:_int|_internal)?\.[ch]$//;
	return $m;
}

sub unit_of {
	my ($file) = @_;
	my $best = '';
	for my $p (keys %unit_of_prefix) {
		$best = $p if index($file, $p) == 0 && length($p) > length($best);
	}
	return $unit_of_prefix{$best} if $best ne '';
	my @parts = split m{/}, $file;
	return '.' if @parts == 1;
	return "$parts[0]/$parts[1]" if $split{$parts[0]} && @parts > 2;
	return $parts[0];
}

# The file an include names, or undef for a header outside the tree (a system header).
sub resolve {
	my ($file, $name) = @_;
	(my $dir = $file) =~ s{/?[^/]*$}{};
	my $beside = $dir eq '' ? $name : "$dir/$name";
	return $beside if $is_file{$beside};
	return $name if $is_file{$name};
	for my $p (keys %unit_of_prefix) {
		return $name if index($name, $p) == 0 && !-d "$root/$p";
	}
	return undef;
}

sub allowed {
	my ($from, $to) = @_;
	return 1 if $from eq $to;
	for my $rule_from ($from, ($from =~ m{^([^/]+)/} ? "$1/*" : ())) {
		my $a = $allow{$rule_from} or next;
		return 1 if $a->{"*"} || $a->{$to};
		return 1 if $to =~ m{^([^/]+)/} && $a->{"$1/*"};
	}
	return 0;
}

sub read_includes {
	my ($file) = @_;
	open my $fh, '<', "$root/$file" or die_usage("cannot read $file: $!");
	while (my $line = <$fh>) {
		next unless $line =~ /^\s*#\s*include\s*"([^"]+)"/;
		my $target = resolve($file, $1) // next;
		my ($m, $tm) = (module_of($file), module_of($target));
		$module_edges{$m}{$tm} = 1 if $m ne $tm;
		my ($u, $tu) = (unit_of($file), unit_of($target));
		next if $u eq $tu;
		$unit_edges{$u}{$tu} = 1;
		next if allowed($u, $tu) || $exception{"$file $target"};
		push @problems, "forbidden include: $file includes $target ($u may not include $tu)";
	}
}

# Tarjan's strongly connected components; every component of more than one node holds a
# cycle, reported as one path through it.
sub report_cycles {
	my ($edges, $what) = @_;
	my ($next, %index, %low, %on_stack, @stack) = (0);
	my %nodes = map { $_ => 1 } keys %$edges, map { keys %$_ } values %$edges;
	my $visit;
	$visit = sub {
		my ($v) = @_;
		$index{$v} = $low{$v} = $next++;
		push @stack, $v;
		$on_stack{$v} = 1;
		for my $w (sort keys %{ $edges->{$v} || {} }) {
			if (!defined $index{$w}) {
				$visit->($w);
				$low{$v} = $low{$w} if $low{$w} < $low{$v};
			} elsif ($on_stack{$w} && $index{$w} < $low{$v}) {
				$low{$v} = $index{$w};
			}
		}
		return if $low{$v} != $index{$v};
		my %component;
		my $w;
		do {
			$w = pop @stack;
			$on_stack{$w} = 0;
			$component{$w} = 1;
		} while ($w ne $v);
		return if keys %component < 2;
		my @cycle = cycle_in($edges, \%component);
		my $line = "$what: " . join(' -> ', @cycle);
		$line .= " (one cycle of several among " . join(' ', sort keys %component) . ")"
			if keys %component > @cycle - 1;
		push @problems, $line;
	};
	$visit->($_) for grep { !defined $index{$_} } sort keys %nodes;
}

# The shortest path from the component's first node back to itself (breadth first).
sub cycle_in {
	my ($edges, $component) = @_;
	my ($start) = sort keys %$component;
	my %came_from;
	my @queue = ($start);
	while (@queue) {
		my $v = shift @queue;
		for my $w (sort keys %{ $edges->{$v} || {} }) {
			next unless $component->{$w};
			if ($w eq $start) {
				my @path = ($start);
				for (my $p = $v; $p ne $start; $p = $came_from{$p}) {
					unshift @path, $p;
				}
				return ($start, @path);
			}
			next if exists $came_from{$w};
			$came_from{$w} = $v;
			push @queue, $w;
		}
	}
	return sort keys %$component;
}

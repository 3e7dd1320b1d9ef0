# json.sh - sourced by bench/model's scripts.
#
#   json FILE PERL-EXPR   prints PERL-EXPR evaluated over the JSON document FILE (an
#                         `hsatrace model -f json` output): $j the document, $s its
#                         shared_cpus object ({} when absent)
json() {
	perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
		my $s = $j->{shared_cpus} // {}; print eval($ARGV[1]), "\n"; die $@ if $@' "$@"
}

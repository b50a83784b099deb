# Populations beyond one machine (issue 19): the merge of parts (probes/merge, build/bin/probemerge),
# populations over ssh hosts (probes/hosts), their test over two loopback sshd servers and their
# benchmark (reports/hosts.md).
#
#   make probe FAMILY=F POP=N HOSTS=FILE      the chunks on the hosts of a GNU parallel sshlogin file
#   make probe FAMILY=F POP=N SHARD=I/N       the I-th N-th of the population, a part in build/shards/
#   make probe-merge [FAMILY=F SEED=S]        the parts in build/shards/ added into the one summary
#   make test-hosts                           two loopback sshd hosts: the same summary as a local run
#   make bench-hosts                          POP=20000 locally and over 1 and 2 hosts: reports/hosts.md

.PHONY: probe-merge test-hosts test-merge bench-hosts

help::
	@echo "make probe ... HOSTS=FILE   the population's chunks on the hosts of a GNU parallel sshlogin file"
	@echo "make probe ... SHARD=I/N    the I-th of N slices of the population; its part in build/shards/"
	@echo "make probe-merge     the parts in build/shards/ added into the one summary (probes/merge)"
	@echo "make test-merge      shards merged into the summary of the unsharded run, byte for byte"
	@echo "make test-hosts      two loopback sshd hosts run a population: the same summary and misses as here"
	@echo "make bench-hosts     POP=20000 of path and timeline here and over 1 and 2 loopback hosts: reports/hosts.md"

# What `make probe` passes on for HOSTS= and SHARD= (probes/probes.mk); a shard's part goes to
# build/shards/LABEL/I-of-N/.
PROBE_LABEL   = $(or $(FAMILY),bones)$(if $(AMPLIFY),-amp)-$(or $(SEED),1)
PROBE_BEYOND  = $(if $(HOSTS),--hosts $(HOSTS)) \
                $(if $(SHARD),--shard $(SHARD) --part $(B)/shards/$(PROBE_LABEL)/$(subst /,-of-,$(SHARD)))

probe-merge: probe-tools
	@test -n "$(wildcard $(B)/shards/*/*/part.tsv)" || { echo "make probe-merge: no parts in $(B)/shards/" >&2; exit 2; }
	@probes/merge $(patsubst %/part.tsv,%,$(sort $(wildcard $(B)/shards/*/*/part.tsv)))

$(B)/bin/probemerge: $(B)/obj/probes/probemerge.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<

probe-tools: $(B)/bin/probemerge

# Two sshd servers on 127.0.0.1 (scripts/loopback-hosts) run a population of 400; the same summary and
# kept misses as here, a host killed mid-run, the cache's writes (scripts/test-hosts).
test-hosts: all probe-tools
	@scripts/bootstrap hosts
	@scripts/test-hosts

test: test-hosts

# POP=20000 of path and timeline here and over 1 and 2 loopback hosts, cold caches: reports/hosts.md
# (minutes: run it alone).
bench-hosts: all probe-tools
	@scripts/bootstrap hosts
	@POP=$(or $(POP),20000) scripts/bench-hosts

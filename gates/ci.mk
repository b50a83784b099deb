# CI beside .ci/run (issue 19): the GitHub workflows (.github/workflows/ci.yml: make test on every push;
# nightly.yml: make nightly as a matrix of shards, merged), their check, and the merge of shards.
#
#   make nightly SHARD=I/N    the I-th of N shares of the nightly (Makefile); parts in build/nightly/I-of-N/
#   make nightly-merge        the shards in build/nightly/ merged: build/nightly/summary.txt, reports/probes/
#   make ci-lint              the workflows parse (python3-yaml) and name make targets that exist
#   make test-merge           shards merged say byte for byte what the unsharded runs say

NIGHTLY_PARTS := $(B)/nightly
# A nightly piece's part when SHARD is given (nothing otherwise): $(call NIGHTLY_PART,NAME).
NIGHTLY_PART   = $(if $(SHARD),--shard $(SHARD) --part $(NIGHTLY_PARTS)/$(subst /,-of-,$(SHARD))/$(1))

# A sharded nightly starts from an empty shard directory: a piece an older run left must not be merged.
ifneq ($(and $(SHARD),$(filter nightly,$(MAKECMDGOALS))),)
  $(shell rm -rf $(NIGHTLY_PARTS)/$(subst /,-of-,$(SHARD)))
endif

.PHONY: nightly-merge ci-lint test-merge

help::
	@echo "make nightly-merge   the shards of make nightly SHARD=I/N in build/nightly/ merged: summary.txt, kept misses"
	@echo "make ci-lint         the GitHub workflows parse and name make targets that exist"
	@echo "make test-merge      a nightly's pieces as 3 shards, merged: byte for byte what the whole runs print"

nightly-merge: probe-tools
	@probes/merge --nightly $(NIGHTLY_PARTS)

ci-lint:
	@scripts/bootstrap ci
	@scripts/ci-lint --self-test

test-merge: all probe-tools
	@scripts/test-merge

test: ci-lint test-merge

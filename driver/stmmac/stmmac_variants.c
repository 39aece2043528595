// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_variants.c - the catalogue of stmmac bugs that can be put back
 * into the patched driver at run time, by name.  With no variant enabled
 * none of these code paths runs.
 */
#include "stmmac.h"

const struct rl_variant_info rl_stmmac_variants[RL_SV_NR] = {
	[RL_SV_XMIT_MAP_ERR_STALE] = {
		"stmmac_xmit_map_err_stale",
		"a failed DMA mapping in stmmac_xmit frees the skb but leaves it in tx_skbuff, cur_tx advanced and the fragments mapped and OWN: the next clean or release frees it again, the device may send freed pages, and release unmaps an earlier XDP_TX page's address left in the head entry now marked an skb's",
		"stmmac_xmit dma_map_err as 6.1 has it (Debian linux-source-6.1, read); found by ringledger",
		"the failure path undoes what the call did: fragments unmapped and their descriptors cleared, the head entry's buffer record and the skb pointer dropped, cur_tx back at the first entry",
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK) |
		BIT(RL_F_USE_AFTER_FREE) | BIT(RL_F_DMA_DEVICE) |
		BIT(RL_F_DMA_UNKNOWN),
	},
	[RL_SV_XDP_REOPEN_FAIL_IGNORED] = {
		"stmmac_xdp_reopen_fail_ignored",
		"a program swap whose stmmac_xdp_open fails (page or DMA allocation) leaves the device running with no queues: the next ndo_xdp_xmit, program swap or stmmac_release touches freed rings and disables NAPIs never enabled",
		"stmmac_xdp_set_prog ignores stmmac_xdp_open's result (6.1 and the older torvalds/linux version read; found by ringledger)",
		"the failed rebuild sets STMMAC_DOWN: ndo_xdp_xmit refuses (upstream's own check), release and the next swap know no queues exist, the next swap or open builds them again",
		BIT(RL_F_INVALID) | BIT(RL_F_NAPI) | BIT(RL_F_OOPS) |
		BIT(RL_F_CRASH),
	},
};

const struct rl_variant_info rl_stmmac_perf_variants[RL_SPV_NR] = {
	[RL_SPV_PP_SYNC_DEV_ALWAYS] = {
		"perf_stmmac_pp_sync_dev_always",
		"the RX page_pool has PP_FLAG_DMA_SYNC_DEV without an XDP program: every recycled page is synced for the device over max_len (3,840 bytes) although the stack only copied from it",
		"b514c47ebf41 (net: stmmac: set PP_FLAG_DMA_SYNC_DEV only if XDP is enabled), Fixes 5fabb01207a2; up to 9% measured",
		"PP_FLAG_DMA_SYNC_DEV only with an XDP program (XDP_TX sends the page as it is)",
		0,
	},
};

u64 rl_stmmac_variant_mask(const char *name)
{
	int i = rl_variant_index(rl_stmmac_variants, RL_SV_NR, name);

	return i < 0 ? 0 : BIT_ULL(i);
}

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
		"a failed DMA mapping in stmmac_xmit frees the skb but leaves it in tx_skbuff, cur_tx advanced and the fragments mapped and OWN: the next clean or release frees it again, the device may send freed pages",
		"stmmac_xmit dma_map_err as 6.1 has it (Debian linux-source-6.1, read); found by ringledger",
		"the failure path undoes what the call did: fragments unmapped and their descriptors cleared, the skb pointer dropped, cur_tx back at the first entry",
		BIT(RL_F_DOUBLE_FREE) | BIT(RL_F_OWNER) | BIT(RL_F_LEAK) |
		BIT(RL_F_USE_AFTER_FREE) | BIT(RL_F_DMA_DEVICE),
	},
};

u64 rl_stmmac_variant_mask(const char *name)
{
	int i;

	for (i = 0; i < RL_SV_NR; i++)
		if (!strcmp(name, rl_stmmac_variants[i].name))
			return BIT_ULL(i);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * skb.h - a minimal sk_buff: built over a page (build_skb), copy-allocated
 * (napi_alloc_skb), with page fragments, the page_pool recycle mark, and
 * the network stack that holds delivered skbs until it lets them go.
 */
#ifndef RL_SKB_H
#define RL_SKB_H

#include "model.h"
#include "page.h"
#include "slots.h"

#define RL_MAX_SKB_FRAGS	17	/* MAX_SKB_FRAGS with 4 KiB pages */
#define RL_STACK_DEPTH		64	/* skbs the stack keeps queued */

struct rl_sk_buff {
	u32 id;			/* ledger id, RL_OBJ_SKB */
	u32 len;		/* total length */
	u32 tag;		/* content tag */
	struct rl_page *head;	/* build_skb() page; NULL when copy-allocated */
	bool pp_recycle;	/* skb_mark_for_recycle() */
	u8 ip_summed;		/* CHECKSUM_NONE / _UNNECESSARY / _PARTIAL */
	u16 queue_mapping;
	u16 csum_start;		/* for CHECKSUM_PARTIAL */
	u16 csum_offset;
	u8 nr_frags;
	struct rl_page *frags[RL_MAX_SKB_FRAGS];
	u32 frag_len[RL_MAX_SKB_FRAGS];
	struct rl_netdev *dev;	/* eth_type_trans(): the receiving device */
	/* xsk_destruct_skb: copy-mode AF_XDP TX completes @xsk_frame */
	struct rl_xsk_pool *xsk_cq;
	u32 xsk_frame;
};

#define RL_CHECKSUM_NONE		0
#define RL_CHECKSUM_UNNECESSARY		1
#define RL_CHECKSUM_PARTIAL		3

struct rl_skbs {
	struct rl_model *m;
	struct rl_slots slots;	/* slot i is skb[i] */
	struct rl_sk_buff *skb;
	u32 stack_q[RL_STACK_DEPTH];	/* delivered, oldest first */
	u32 stack_head;
	u32 stack_count;
	u32 delivered;
};

struct rl_skbs *rl_skbs_create(struct rl_model *m, u32 nr);
void rl_skbs_destroy(struct rl_skbs *s);
bool rl_skbs_is_valid(const struct rl_skbs *s);
/* The same from what moved since the last check (rl_slots_is_valid_since). */
bool rl_skbs_is_valid_since(const struct rl_skbs *s);

/* build_skb()/napi_build_skb(): the skb takes @page; fault RL_FAULT_SKB_ALLOC */
struct rl_sk_buff *rl_build_skb(struct rl_model *m, struct rl_page *page,
				u32 len);
/* alloc_skb()/netdev_alloc_skb(): data copied, no page, any context */
struct rl_sk_buff *rl_alloc_skb(struct rl_model *m, u32 len);
/*
 * napi_alloc_skb(): the same from the NAPI's per-CPU cache; NAPI context
 * only (__napi_alloc_skb: DEBUG_NET_WARN_ON_ONCE(!in_softirq()), a
 * RL_F_NAPI finding here).
 */
struct rl_sk_buff *rl_napi_alloc_skb(struct rl_model *m, u32 len);
/* skb_add_rx_frag(): the skb takes @page */
void rl_skb_add_rx_frag(struct rl_model *m, struct rl_sk_buff *skb,
			struct rl_page *page, u32 len);
/* skb_mark_for_recycle() */
void rl_skb_mark_for_recycle(struct rl_sk_buff *skb);
/* eth_type_trans(): @skb arrived on @nd (skb->dev). */
void rl_eth_type_trans(struct rl_sk_buff *skb, struct rl_netdev *nd);
/* skb_put_data(): counts the copy of @len bytes into @skb (cost.h). */
void rl_skb_put_data(struct rl_model *m, struct rl_sk_buff *skb, u32 len);
/*
 * The stack builds an skb for ndo_start_xmit: @len head bytes plus
 * @nr_frags page fragments of @frag_len bytes; the driver owns it.
 */
struct rl_sk_buff *rl_skb_alloc_tx(struct rl_model *m, u32 len, u32 nr_frags,
				   u32 frag_len);
/* dev_kfree_skb_any()/consume_skb()/kfree_skb() by the driver */
void rl_skb_free(struct rl_model *m, struct rl_sk_buff *skb);
/*
 * napi_consume_skb(): @budget 0 says "not from NAPI" (netpoll); any other
 * budget requires NAPI context (DEBUG_NET_WARN_ON_ONCE(!in_softirq()) in
 * net/core/skbuff.c, a RL_F_NAPI finding here).
 */
void rl_napi_consume_skb(struct rl_model *m, struct rl_sk_buff *skb,
			 int budget);
/* napi_gro_receive()/netif_receive_skb(): the stack takes the skb */
void rl_netif_receive_skb(struct rl_model *m, struct rl_sk_buff *skb);
/* The stack lets go of up to @n delivered skbs (oldest first). */
u32 rl_stack_release(struct rl_model *m, u32 n);
u32 rl_skb_owner(struct rl_model *m, const struct rl_sk_buff *skb);
/* The skb with ledger id @id (drivers keep ids in descriptor swdata). */
struct rl_sk_buff *rl_skb_by_id(struct rl_model *m, u32 id);

#endif /* RL_SKB_H */

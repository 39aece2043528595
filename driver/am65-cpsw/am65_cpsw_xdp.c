// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_xdp.c - what happens to an RX page after the XDP program ran
 * (am65_cpsw_run_xdp) and how a page goes back (page_pool_put_full_page).
 *
 * Proven by Frama-C WP (proofs/, unit xdp_drop): on XDP_DROP, XDP_ABORTED
 * and an invalid verdict the buffer is consumed and its page is handed
 * back exactly once (ghost count rl_g_pages_put).  The ICSSG bug the
 * xdp_drop_page_leak variant re-injects returned without giving it back.
 */
#include "am65_cpsw.h"

/*@ ghost unsigned long long rl_g_pages_put; */

/*
 * Back to the pool the page came from (page->pp), not to the polling
 * flow's: with UDMA-P the flows share one FDQ, so a flow completes pages
 * of the others, and during destroy a flow's pool may already be gone
 * while its pages still sit in the shared FDQ.
 */
void rl_am65_cpsw_put_page(struct am65_cpsw_common *common,
			   struct rl_page *page, bool allow_direct)
{
	struct rl_page_pool *pp = rl_page_pool_of(common->m, page);

	if (pp)
		rl_page_pool_put_full_page(pp, page, allow_direct);
	else
		rl_page_free(common->m, page, RL_OWNER(RL_OWN_DRIVER, 0));
	/*@ ghost rl_g_pages_put++; */
}

/*
 * The buffer's fate by verdict @act.  A page is given back here on drop;
 * an XSK buffer (no page) is left to the zero-copy caller.
 */
/*@ requires shape: \valid(flow) && \valid(flow->common) &&
  @   \valid(flow->common->m) && \valid(port) && \valid(xdp) &&
  @   0 < flow->common->tx_ch_num <= AM65_CPSW_MAX_QUEUES;
  @ requires page: xdp->page == \null || \valid(xdp->page);
  @ requires apart: \separated(xdp, port, flow, flow->common,
  @   flow->common->m);
  @ requires room: rl_g_pages_put < 18446744073709551615;
  @ behavior drop:
  @   assumes act != RL_XDP_PASS && act != RL_XDP_TX &&
  @     act != RL_XDP_REDIRECT;
  @   ensures consumed: \result == AM65_CPSW_XDP_CONSUMED;
  @   ensures page_given_back: \old(xdp->page) != \null ==>
  @     rl_g_pages_put == \old(rl_g_pages_put) + 1;
  @   ensures nothing_else: \old(xdp->page) == \null ==>
  @     rl_g_pages_put == \old(rl_g_pages_put);
  @*/
static u32 am65_cpsw_xdp_verdict(struct am65_cpsw_rx_flow *flow,
				 struct am65_cpsw_port *port,
				 struct rl_xdp_buff *xdp, u32 act)
{
	struct am65_cpsw_common *common = flow->common;
	struct rl_model *m = common->m;
	struct am65_cpsw_tx_chn *tx_chn;
	struct rl_xdp_frame *xdpf;

	switch (act) {
	case RL_XDP_PASS:
		return AM65_CPSW_XDP_PASS;
	case RL_XDP_TX:
		/*
		 * Fix (xdp_tx_chn_past_num): the XDP_TX channel is picked per
		 * CPU among those that exist; mainline takes the CPU modulo
		 * AM65_CPSW_MAX_QUEUES and can land on a channel never set up.
		 */
		tx_chn = &common->tx_chns[m->cpu %
			(rl_am65_bug(common, RL_V_XDP_TX_CHN_PAST_NUM) ?
			 AM65_CPSW_MAX_QUEUES : common->tx_ch_num)];
		xdpf = rl_xdp_convert_buff_to_frame(m, xdp);
		if (!xdpf) {
			port->tx_dropped++;
			break;
		}
		if (rl_am65_cpsw_xdp_tx_frame(port, tx_chn, xdpf,
					      AM65_CPSW_TX_BUF_TYPE_XDP_TX)) {
			/* the frame holds the page: returning it recycles it */
			rl_xdp_return_frame_rx_napi(m, xdpf);
			break;
		}
		return AM65_CPSW_XDP_TX;
	case RL_XDP_REDIRECT:
		if (rl_xdp_do_redirect(m, xdp, port->xdp_prog))
			break;
		return AM65_CPSW_XDP_REDIRECT;
	case RL_XDP_DROP:
		/* xdp_drop_page_leak: the ICSSG bug never gave the page back */
		if (rl_am65_bug(common, RL_V_XDP_DROP_PAGE_LEAK)) {
			port->rx_dropped++;
			return AM65_CPSW_XDP_CONSUMED;
		}
		break;
	default:
		/* bpf_warn_invalid_xdp_action(), then handled as ABORTED */
		break;
	}
	port->rx_dropped++;
	if (xdp->page)
		rl_am65_cpsw_put_page(common, xdp->page, true);
	return AM65_CPSW_XDP_CONSUMED;
}

u32 rl_am65_cpsw_run_xdp(struct am65_cpsw_rx_flow *flow,
			 struct am65_cpsw_port *port, struct rl_xdp_buff *xdp)
{
	return am65_cpsw_xdp_verdict(flow, port, xdp,
				     rl_bpf_prog_run_xdp(port->xdp_prog, xdp));
}

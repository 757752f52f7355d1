import type { Builders } from '../builders.ts'
import type { DemoContext } from './foundation.ts'

/**
 * The comments of the demo: discussions on the public guide (one resolved, with replies and
 * reactions), on the private handbook (by the guest, who may comment there), and on the three
 * change requests, so every list, filter and count has something to show.
 */
export async function demoComments(b: Builders, demo: DemoContext): Promise<void> {
  const { admin, edit, review, comment, guest, create } = demo.users
  const { guide, handbook } = demo.spaces
  const { quickstart, typos, pagination } = demo.changeRequests

  const screenshot = await b.comment({
    space: guide.id,
    postedBy: comment.user.id,
    markdown: 'Could we add a screenshot of the **setup wizard** here?',
    reactions: { '👍': [admin.user.id, edit.user.id] },
  })
  await b.commentReply({
    comment: screenshot.id,
    postedBy: edit.user.id,
    markdown: "Good idea, I'll add one this week.",
    reactions: { '🎉': [comment.user.id] },
  })
  const install = await b.comment({
    space: guide.id,
    postedBy: review.user.id,
    markdown: 'The install command is outdated: it should be `npm install docplat`.',
    reactions: { '👀': [edit.user.id] },
    resolvedBy: edit.user.id,
  })
  await b.commentReply({ comment: install.id, postedBy: edit.user.id, markdown: 'Fixed, thanks!' })
  await b.comment({ space: guide.id, postedBy: admin.user.id, markdown: "Let's move the FAQ to its own page." })

  const policy = await b.comment({ space: handbook.id, postedBy: guest.user.id, markdown: 'Is the vacation policy still up to date?' })
  await b.commentReply({ comment: policy.id, postedBy: admin.user.id, markdown: 'Yes, it was reviewed in January.' })

  const split = await b.comment({
    space: guide.id,
    changeRequest: quickstart.id,
    postedBy: review.user.id,
    markdown: 'Please split the quickstart into two steps:\n\n1. Install\n2. Configure',
    reactions: { '👍': [edit.user.id, create.user.id] },
  })
  await b.commentReply({
    comment: split.id,
    postedBy: edit.user.id,
    markdown: 'Done, see the new section.',
    reactions: { '❤️': [review.user.id] },
  })
  await b.commentReply({ comment: split.id, postedBy: review.user.id, markdown: 'Looks good to me.' })
  await b.comment({
    space: guide.id,
    changeRequest: quickstart.id,
    postedBy: admin.user.id,
    markdown: 'Remember to update the changelog.',
    resolvedBy: edit.user.id,
  })
  await b.comment({ space: guide.id, changeRequest: typos.id, postedBy: edit.user.id, markdown: 'There is one more typo in the title.' })
  await b.comment({
    space: demo.spaces.reference.id,
    changeRequest: pagination.id,
    postedBy: review.user.id,
    markdown: 'Mention that `limit` is at most 1000.',
  })
}

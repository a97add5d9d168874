import { initProject as init, type InitResult } from '../service/project/init.ts'
import { ContentStore } from '../storage/store.ts'
import { readServerInfo, type ServerInfo } from '../storage/lock.ts'
import type { Project } from '../core/types.ts'

/*
 * What the command line needs of the files themselves, outside any request: creating the
 * content root (`cms init`: there is no app before it exists), whether a server holds this
 * tree (`cms editor-url`, `cms serve`'s respawn) and the project file for the end-user
 * commands. Here, beside withApi, so cli/ and mcp/ import neither service/ nor storage/.
 */

export const initProject = (contentDir: string, options: { name: string; locale: string; force: boolean }): Promise<InitResult> => init(contentDir, options)

/** The server holding this tree's lock (`.cms/server.json`), or null. */
export const runningServer = (stateDir: string): Promise<ServerInfo | null> => readServerInfo(stateDir)

/** project.yaml read and checked, without loading any content. */
export const readProjectFile = (contentDir: string): Promise<Project> => ContentStore.readProject(contentDir)

// Generated from contracts/contracts/LibraryAddressLocator.sol (solc 0.8.28) by contracts/scripts/generate-artifacts.ts.
// Do not edit: run `npm run generate -w contracts`.

export const libraryAddressLocatorAbi = [
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "nftCode",
        "type": "address"
      }
    ],
    "stateMutability": "nonpayable",
    "type": "constructor"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "implementation",
        "type": "address"
      }
    ],
    "name": "BeaconInvalidImplementation",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "OwnableInvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "account",
        "type": "address"
      }
    ],
    "name": "OwnableUnauthorizedAccount",
    "type": "error"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "collection",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "deployer",
        "type": "address"
      }
    ],
    "name": "CollectionCreated",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "libraryAddress",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "version",
        "type": "uint256"
      }
    ],
    "name": "LibraryAddressChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousOwner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "OwnershipTransferred",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "implementation",
        "type": "address"
      }
    ],
    "name": "Upgraded",
    "type": "event"
  },
  {
    "inputs": [],
    "name": "implementation",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryAddress",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryVersion",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "owner",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "deployer",
        "type": "address"
      }
    ],
    "name": "registerCollection",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "renounceOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newLibraryAddress",
        "type": "address"
      }
    ],
    "name": "setLibraryAddress",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "transferOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newImplementation",
        "type": "address"
      }
    ],
    "name": "upgradeTo",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  }
] as const;

/** Creation bytecode (constructor arguments are appended by encodeDeployData). */
export const libraryAddressLocatorBytecode: `0x${string}` = '0x608060405234801561000f575f5ffd5b5060405161071338038061071383398101604081905261002e91610183565b8033808061005657604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b61005f816100b6565b5061006982610105565b5050600160028190556040519081526001600160a01b038216907fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e9060200160405180910390a2506101b0565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b806001600160a01b03163b5f0361013a5760405163211eb15960e21b81526001600160a01b038216600482015260240161004d565b600180546001600160a01b0319166001600160a01b0383169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f60208284031215610193575f5ffd5b81516001600160a01b03811681146101a9575f5ffd5b9392505050565b610556806101bd5f395ff3fe608060405234801561000f575f5ffd5b506004361061009f575f3560e01c80635c60da1b116100725780638da5cb5b116100585780638da5cb5b1461013b578063b816f51314610158578063f2fde38b14610160575f5ffd5b80635c60da1b146100f4578063715018a614610133575f5ffd5b80633659cfe6146100a357806341c40576146100b85780634863ba17146100cb5780634ed6aa96146100de575b5f5ffd5b6100b66100b136600461048a565b610173565b005b6100b66100c636600461048a565b6101ef565b6100b66100d936600461048a565b610234565b6002546040519081526020015b60405180910390f35b60015473ffffffffffffffffffffffffffffffffffffffff165b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016100eb565b6100b6610240565b5f5473ffffffffffffffffffffffffffffffffffffffff1661010e565b61010e610253565b6100b661016e36600461048a565b610278565b61017b6102dd565b6101848161032f565b5f60025f8154610193906104c4565b91905081905590508173ffffffffffffffffffffffffffffffffffffffff167fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e826040516101e391815260200190565b60405180910390a25050565b60405173ffffffffffffffffffffffffffffffffffffffff82169033907f5d0de243db1669e3a7056744cd715c625f0c1c348736c2c2d53d0ddebff1a6c7905f90a350565b61023d81610173565b50565b6102486102dd565b6102515f610340565b565b5f61027360015473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b6102806102dd565b73ffffffffffffffffffffffffffffffffffffffff81166102d4576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f60048201526024015b60405180910390fd5b61023d81610340565b5f5473ffffffffffffffffffffffffffffffffffffffff163314610251576040517f118cdaa70000000000000000000000000000000000000000000000000000000081523360048201526024016102cb565b6103376102dd565b61023d816103b4565b5f805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b8073ffffffffffffffffffffffffffffffffffffffff163b5f0361041c576040517f847ac56400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024016102cb565b600180547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff83169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f6020828403121561049a575f5ffd5b813573ffffffffffffffffffffffffffffffffffffffff811681146104bd575f5ffd5b9392505050565b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8203610519577f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b506001019056fea2646970667358221220aef8d6cc9d1923e4ac09b96d487f278322633436511ada737ed7bdbdba2ed41964736f6c634300081c0033';

/** Runtime bytecode, as returned by eth_getCode once deployed. */
export const libraryAddressLocatorDeployedBytecode: `0x${string}` = '0x608060405234801561000f575f5ffd5b506004361061009f575f3560e01c80635c60da1b116100725780638da5cb5b116100585780638da5cb5b1461013b578063b816f51314610158578063f2fde38b14610160575f5ffd5b80635c60da1b146100f4578063715018a614610133575f5ffd5b80633659cfe6146100a357806341c40576146100b85780634863ba17146100cb5780634ed6aa96146100de575b5f5ffd5b6100b66100b136600461048a565b610173565b005b6100b66100c636600461048a565b6101ef565b6100b66100d936600461048a565b610234565b6002546040519081526020015b60405180910390f35b60015473ffffffffffffffffffffffffffffffffffffffff165b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016100eb565b6100b6610240565b5f5473ffffffffffffffffffffffffffffffffffffffff1661010e565b61010e610253565b6100b661016e36600461048a565b610278565b61017b6102dd565b6101848161032f565b5f60025f8154610193906104c4565b91905081905590508173ffffffffffffffffffffffffffffffffffffffff167fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e826040516101e391815260200190565b60405180910390a25050565b60405173ffffffffffffffffffffffffffffffffffffffff82169033907f5d0de243db1669e3a7056744cd715c625f0c1c348736c2c2d53d0ddebff1a6c7905f90a350565b61023d81610173565b50565b6102486102dd565b6102515f610340565b565b5f61027360015473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b6102806102dd565b73ffffffffffffffffffffffffffffffffffffffff81166102d4576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f60048201526024015b60405180910390fd5b61023d81610340565b5f5473ffffffffffffffffffffffffffffffffffffffff163314610251576040517f118cdaa70000000000000000000000000000000000000000000000000000000081523360048201526024016102cb565b6103376102dd565b61023d816103b4565b5f805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b8073ffffffffffffffffffffffffffffffffffffffff163b5f0361041c576040517f847ac56400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024016102cb565b600180547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff83169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f6020828403121561049a575f5ffd5b813573ffffffffffffffffffffffffffffffffffffffff811681146104bd575f5ffd5b9392505050565b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8203610519577f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b506001019056fea2646970667358221220aef8d6cc9d1923e4ac09b96d487f278322633436511ada737ed7bdbdba2ed41964736f6c634300081c0033';
